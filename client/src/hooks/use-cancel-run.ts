import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useCancelRunMutation } from '../__generated__/hooks';

graphql(`
  mutation CancelRun($id: ID!) {
    cancelRun(id: $id) {
      ...RunDetails_run
    }
  }
`);

/** Cancels a run; the answer is the run itself, so the cache (and every view of it) updates by id. */
export function useCancelRun() {
  const [mutate, state] = useCancelRunMutation();
  const cancelRun = useCallback(async (id: string) => (await mutate({ variables: { id } })).data?.cancelRun, [mutate]);
  return [cancelRun, state] as const;
}
