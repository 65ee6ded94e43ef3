import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useBlueprintEditorQuery } from '../__generated__/hooks';
import { BlueprintEditor } from '../components/editor/blueprint-editor';
import { BlueprintRunsPanel } from '../components/runs/blueprint-runs-panel';
import { ErrorMessage, Loading } from '../components/status';
import { REVISIONS_PAGE_SIZE } from '../hooks/blueprint-editor-data';
import { useDocumentTitle } from '../hooks/use-document-title';
import { NotFound } from './not-found-page';

/** `/p/:project/blueprints/:id`: the blueprint editor (read-only for a VIEWER). */
export function BlueprintEditorPage() {
  const { project: projectId, id = '' } = useParams();
  const { data, loading, error, refetch } = useBlueprintEditorQuery({
    variables: { id, firstRevisions: REVISIONS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useDocumentTitle(data?.blueprint?.name ?? (data ? 'Not found' : undefined));
  const reload = useCallback(async () => (await refetch()).data?.blueprint ?? undefined, [refetch]);

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading blueprint" />;
  const blueprint = data?.blueprint;
  // A blueprint reached through another project's URL is treated as missing too.
  if (!blueprint || blueprint.project.id !== projectId) return <NotFound what="blueprint" />;

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Projects</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={`/p/${blueprint.project.id}`}>{blueprint.project.name}</Link>
      </nav>
      <BlueprintEditor key={blueprint.id} blueprint={blueprint} canEdit={blueprint.project.myRole !== 'VIEWER'} reload={reload} />
      <BlueprintRunsPanel projectId={blueprint.project.id} blueprint={blueprint} canRun={blueprint.project.myRole !== 'VIEWER'} />
    </>
  );
}
