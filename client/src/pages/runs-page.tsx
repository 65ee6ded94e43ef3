import { useState } from 'react';
import { useParams } from 'react-router';
import { ProjectNav } from '../components/project-nav';
import { RunsTable } from '../components/runs/runs-table';
import { ErrorMessage, Loading } from '../components/status';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProjectRuns } from '../hooks/use-project-runs';
import { NotFound } from './not-found-page';

const RUNS_PAGE_SIZE = 25;

/** `/p/:project/runs`: every run of the project, newest first, a page at a time. */
export function RunsPage() {
  const { project: projectId = '' } = useParams();
  // Cursors of the pages walked through so far; the last one is shown.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1];
  const { data, loading, error, refetch, runs } = useProjectRuns(projectId, RUNS_PAGE_SIZE, after);
  const project = data?.project;
  useDocumentTitle(project ? `Runs · ${project.name}` : data ? 'Not found' : undefined);

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading runs" />;
  if (!project) return <NotFound what="project" />;

  const { totalCount, pageInfo } = project.runs;
  const first = (cursors.length - 1) * RUNS_PAGE_SIZE + 1;
  return (
    <>
      <ProjectNav projectId={project.id} projectSlug={project.slug} projectName={project.name} />
      <h1>Runs</h1>
      {error && <ErrorMessage error={error} retry={refetch} />}
      {runs.length === 0 ? (
        <p className="empty">
          No runs yet.{' '}
          {project.myRole === 'VIEWER' ? 'Owners and editors start runs from a blueprint.' : 'Open a blueprint and start a run from its page.'}
        </p>
      ) : (
        <>
          <RunsTable projectPath={`/p/${encodeURIComponent(projectId)}`} runs={runs} caption={`Runs ${first} to ${first + runs.length - 1} of ${totalCount}`} />
          <div className="button-row pager">
            <span className="hint">
              Runs {first}–{first + runs.length - 1} of {totalCount}
            </span>
            {cursors.length > 1 && (
              <button type="button" className="secondary small" onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer runs
              </button>
            )}
            {pageInfo.hasNextPage && pageInfo.endCursor && (
              <button type="button" className="secondary small" onClick={() => setCursors((c) => [...c, pageInfo.endCursor ?? null])}>
                Older runs
              </button>
            )}
          </div>
        </>
      )}
    </>
  );
}
