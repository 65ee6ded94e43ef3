import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { graphql } from '../__generated__';
import { useProjectPageQuery } from '../__generated__/hooks';
import { ImportActions } from '../components/import/import-actions';
import { ProjectNav } from '../components/project-nav';
import { BlueprintList, editorPath } from '../components/blueprint-list';
import { RecentRuns } from '../components/runs/recent-runs';
import { TemplateGallery } from '../components/templates/template-gallery';
import { ErrorMessage, Loading, Timestamp } from '../components/status';
import { FormErrorList, TextField } from '../components/text-field';
import { useCreateBlueprint } from '../hooks/use-create-blueprint';
import { noErrors, toFormErrors, type FormErrors } from '../lib/errors';
import { NotFound } from './not-found-page';
import { useDocumentTitle } from '../hooks/use-document-title';

/** A project page shows one page of blueprints (newest first). */
const BLUEPRINTS_PAGE_SIZE = 50;

graphql(`
  query ProjectPage($id: ID!, $first: Int!) {
    project(id: $id) {
      id
      name
      slug
      myRole
      createdAt
      blueprints(first: $first) {
        totalCount
        pageInfo {
          hasNextPage
        }
        edges {
          node {
            id
            name
            description
            revision
            updatedAt
          }
        }
      }
    }
  }
`);

export function ProjectPage() {
  const { project: projectId = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useProjectPageQuery({
    variables: { id: projectId, first: BLUEPRINTS_PAGE_SIZE },
    // Blueprints are also created by scripts and other members: show the
    // cached page at once and refresh it in the background.
    fetchPolicy: 'cache-and-network',
  });
  useDocumentTitle(data?.project?.name ?? (data ? 'Not found' : undefined));

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading project" />;
  const project = data?.project;
  // null for a missing id and for a project the user is not a member of alike.
  if (!project) return <NotFound what="project" />;

  const canEdit = project.myRole !== 'VIEWER';
  const { blueprints } = project;
  // Links keep the form of the URL the page was reached by, slug or id, as the section tabs do.
  const projectUrl = `/p/${encodeURIComponent(projectId)}`;
  const openBlueprint = (blueprintId: string) => navigate(editorPath(projectUrl, blueprintId));
  return (
    <>
      <ProjectNav projectId={project.id} projectSlug={project.slug} projectName={project.name} />
      <h1>{project.name}</h1>
      <p className="meta">
        /p/{project.slug} · your role: {project.myRole.toLowerCase()} · created <Timestamp value={project.createdAt} />
      </p>
      {canEdit && <NewBlueprintForm projectId={project.id} onCreated={openBlueprint} />}
      {project.myRole !== 'VIEWER' && <ImportActions projectId={project.id} />}
      <section aria-labelledby="blueprints-heading">
        <h2 id="blueprints-heading">Blueprints ({blueprints.totalCount})</h2>
        {blueprints.edges.length === 0 ? (
          <p className="empty">No blueprints yet{canEdit ? ': start from a template below, or a blank one above.' : '.'}</p>
        ) : (
          <BlueprintList project={project} projectUrl={projectUrl} blueprints={blueprints.edges.map((e) => e.node)} canEdit={canEdit} onChanged={() => void refetch()} />
        )}
        {blueprints.pageInfo.hasNextPage && (
          <p className="hint">
            Showing the {blueprints.edges.length} most recently created of {blueprints.totalCount} blueprints.
          </p>
        )}
      </section>
      {canEdit && <TemplateGallery projectId={project.id} onCreated={openBlueprint} />}
      <RecentRuns projectId={project.id} projectPath={projectUrl} />
    </>
  );
}

/** Creates a blueprint from a small starter document and opens it in the editor. */
function NewBlueprintForm({ projectId, onCreated }: { projectId: string; onCreated(blueprintId: string): void }) {
  const [createBlueprint, { loading }] = useCreateBlueprint();
  const [errors, setErrors] = useState<FormErrors>(noErrors);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim() || 'Untitled blueprint';
    setErrors(noErrors);
    try {
      const blueprint = await createBlueprint(projectId, name);
      if (blueprint) onCreated(blueprint.id);
    } catch (error) {
      setErrors(toFormErrors(error, { 'document.name': 'Blueprint name' }));
    }
  }

  return (
    <section aria-labelledby="new-blueprint-heading" className="panel">
      <h2 id="new-blueprint-heading">New blueprint</h2>
      <form className="inline-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading}>
        <FormErrorList messages={errors.form} />
        <TextField label="Blueprint name" name="name" autoComplete="off" placeholder="Untitled blueprint" hint="Starts with a users table; edit it in the editor." error={errors.fields['document.name']} />
        <button type="submit" disabled={loading}>
          {loading ? 'Creating…' : 'New blueprint'}
        </button>
      </form>
    </section>
  );
}
