import { Link } from 'react-router';
import { useProjectRuns } from '../../hooks/use-project-runs';
import { ErrorMessage, Loading } from '../status';
import { RunsTable } from './runs-table';

const RECENT_RUNS = 5;

/** The project page's few newest runs, kept current while any is active. */
export function RecentRuns({ projectId, projectPath }: { projectId: string; projectPath: string }) {
  const { data, loading, error, refetch, runs } = useProjectRuns(projectId, RECENT_RUNS);
  const total = data?.project?.runs.totalCount ?? 0;
  return (
    <section aria-labelledby="recent-runs-heading">
      <h2 id="recent-runs-heading">Recent runs</h2>
      {error && !data ? (
        <ErrorMessage error={error} retry={refetch} />
      ) : loading && !data ? (
        <Loading label="Loading runs" />
      ) : runs.length === 0 ? (
        <p className="empty">No runs yet. Start one from a blueprint's page.</p>
      ) : (
        <>
          <RunsTable projectPath={projectPath} runs={runs} caption="Recent runs" />
          {total > runs.length && (
            <p className="hint">
              <Link to={`${projectPath}/runs`}>All {total} runs</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
