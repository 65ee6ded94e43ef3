import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useTestDatabaseTargetMutation } from '../__generated__/hooks';

graphql(`
  mutation TestDatabaseTarget($input: TestDatabaseTargetInput!) {
    testDatabaseTarget(input: $input) {
      reachable
      code
      message
      elapsedMs
    }
  }
`);

/** Tries a database URL through the server's run target guard; nothing is stored. */
export function useTestDatabaseTarget() {
  const [mutate, state] = useTestDatabaseTargetMutation();
  const test = useCallback(
    async (projectId: string, url: string) => (await mutate({ variables: { input: { projectId, url } } })).data?.testDatabaseTarget,
    [mutate],
  );
  return [test, state] as const;
}
