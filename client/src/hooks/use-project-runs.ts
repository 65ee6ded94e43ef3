import { useEffect } from 'react';
import { graphql } from '../__generated__';
import { useProjectRunsQuery } from '../__generated__/hooks';
import { isActive } from '../components/runs/run-status';

/** Lists poll this often while a run they show is still QUEUED or RUNNING. */
export const RUNS_POLL_MS = 2000;

graphql(`
  query ProjectRuns($id: ID!, $first: Int!, $after: String) {
    project(id: $id) {
      id
      name
      slug
      myRole
      runs(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            ...RunsTable_run
          }
        }
      }
    }
  }
`);

/**
 * A page of a project's runs, newest first. A list shows many runs, so it
 * polls while any of them is active rather than holding one subscription per
 * run, and refreshes when the tab regains focus (runs started by scripts).
 */
export function useProjectRuns(projectId: string, first: number, after: string | null = null) {
  const result = useProjectRunsQuery({
    variables: { id: projectId, first, after },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const runs = result.data?.project?.runs.edges.map((e) => e.node) ?? [];
  const anyActive = runs.some((run) => isActive(run.status));
  const { startPolling, stopPolling, refetch } = result;

  useEffect(() => {
    if (!anyActive) return;
    startPolling(RUNS_POLL_MS);
    return () => stopPolling();
  }, [anyActive, startPolling, stopPolling]);

  useEffect(() => {
    const onFocus = () => void refetch().catch(() => undefined);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  return { ...result, runs };
}
