import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useBlueprintEditorQuery } from '../__generated__/hooks';
import { BlueprintEditor } from '../components/editor/blueprint-editor';
import { ErrorMessage, Loading } from '../components/status';
import { REVISIONS_PAGE_SIZE } from '../hooks/blueprint-editor-data';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useGeneratorCatalog } from '../hooks/use-generator-catalog';
import { NotFound } from './not-found-page';

/** `/p/:project/blueprints/:id`: the blueprint editor (read-only for a VIEWER). `:project` is the slug or the id. */
export function BlueprintEditorPage() {
  const { project: projectParam, id = '' } = useParams();
  const { data, loading, error, refetch } = useBlueprintEditorQuery({
    variables: { id, firstRevisions: REVISIONS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useDocumentTitle(data?.blueprint?.name ?? (data ? 'Not found' : undefined));
  const reload = useCallback(async () => (await refetch()).data?.blueprint ?? undefined, [refetch]);
  // Asked for beside the blueprint, not after it: the grid needs both to show.
  useGeneratorCatalog();

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading blueprint" />;
  const blueprint = data?.blueprint;
  const project = blueprint?.project;
  // A blueprint reached through another project's URL is treated as missing too.
  if (!blueprint || !project || (projectParam !== project.id && projectParam !== project.slug)) return <NotFound what="blueprint" />;
  const canEdit = project.myRole !== 'VIEWER';

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Projects</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={`/p/${project.slug}`}>{project.name}</Link>
      </nav>
      <BlueprintEditor
        key={blueprint.id}
        blueprint={blueprint}
        canEdit={canEdit}
        project={{ projectId: project.id, projectPath: project.slug, canCreateKeys: canEdit }}
        reload={reload}
      />
    </>
  );
}
