import { useEffect } from 'react';
import { useParams } from 'react-router';
import { graphql } from '../__generated__';
import { useRunPageQuery } from '../__generated__/hooks';
import { ProjectNav } from '../components/project-nav';
import { RunDetails } from '../components/runs/run-details';
import { ErrorMessage, Loading } from '../components/status';
import { useDocumentTitle } from '../hooks/use-document-title';
import { RUNS_POLL_MS } from '../hooks/use-project-runs';
import { useRunProgress } from '../hooks/use-run-progress';
import { namesProject } from '../lib/project-path';
import { NotFound } from './not-found-page';

graphql(`
  query RunPage($id: ID!) {
    run(id: $id) {
      ...RunDetails_run
      project {
        id
        name
        slug
        myRole
      }
    }
  }
`);

/** `/p/:project/runs/:id`: one run, followed live while it is QUEUED or RUNNING. */
export function RunPage() {
  const { project: projectId, id = '' } = useParams();
  const { data, loading, error, refetch, startPolling, stopPolling } = useRunPageQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const run = data?.run;
  const live = useRunProgress(id, run?.status);
  useDocumentTitle(run ? `Run of ${run.blueprint?.name ?? 'a deleted blueprint'}` : data ? 'Not found' : undefined);

  // Without the WebSocket (a proxy that drops it, say) the page still moves: it polls.
  const subscriptionFailed = live.following && live.error != null;
  useEffect(() => {
    if (!subscriptionFailed) return;
    startPolling(RUNS_POLL_MS);
    return () => stopPolling();
  }, [subscriptionFailed, startPolling, stopPolling]);

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading run" />;
  // A run reached through another project's URL is treated as missing too.
  if (!run || !namesProject(projectId, run.project)) return <NotFound what="run" />;

  return (
    <>
      <ProjectNav projectId={run.project.id} projectSlug={run.project.slug} projectName={run.project.name} />
      <h1>Run of {run.blueprint?.name ?? 'a deleted blueprint'}</h1>
      <RunDetails
        // Its links go by the project's slug, as every address does.
        projectId={run.project.slug}
        run={run}
        canCancel={run.project.myRole !== 'VIEWER'}
        liveProblem={subscriptionFailed ? 'Live updates are unavailable; refreshing every few seconds.' : undefined}
      />
    </>
  );
}
