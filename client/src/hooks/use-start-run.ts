import { useCallback } from 'react';
import { graphql } from '../__generated__';
import type { StartRunInput } from '../__generated__/graphql';
import { useStartRunMutation } from '../__generated__/hooks';

graphql(`
  mutation StartRun($input: StartRunInput!) {
    startRun(input: $input) {
      ...RunDetails_run
      project {
        id
        name
        myRole
      }
    }
  }
`);

/**
 * Starts a run. The project's cached run lists (any page size) are dropped,
 * so whichever list is shown next fetches again and includes the new run.
 */
export function useStartRun() {
  const [mutate, state] = useStartRunMutation({
    update(cache, { data }) {
      const project = data?.startRun.project;
      if (!project) return;
      cache.modify({
        id: cache.identify({ __typename: 'Project', id: project.id }),
        fields: { runs: (_value, { DELETE }) => DELETE },
      });
    },
  });
  const startRun = useCallback(async (input: StartRunInput) => (await mutate({ variables: { input } })).data?.startRun, [mutate]);
  return [startRun, state] as const;
}
