import { skipToken } from '@apollo/client/react';
import { graphql } from '../__generated__';
import type { RunStatus } from '../__generated__/graphql';
import { useRunProgressSubscription } from '../__generated__/hooks';
import { isActive } from '../components/runs/run-status';

graphql(`
  subscription RunProgress($id: ID!) {
    runProgress(id: $id) {
      ...RunDetails_run
    }
  }
`);

/**
 * Follows a run while it is QUEUED or RUNNING. Each event is a whole Run,
 * which Apollo writes to the cache under its id, so every view of that run
 * (the run page, lists) updates by itself. The subscription ends with the
 * run; a finished run is not subscribed to at all.
 */
export function useRunProgress(id: string, status: RunStatus | undefined) {
  const following = status !== undefined && isActive(status);
  const { error } = useRunProgressSubscription(following ? { variables: { id } } : skipToken);
  return { following, error };
}
