import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { graphql } from '../__generated__';
import { useProjectPageQuery } from '../__generated__/hooks';
import { ImportActions } from '../components/import/import-actions';
import { ProjectNav } from '../components/project-nav';
import { RecentRuns } from '../components/runs/recent-runs';
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

  const { blueprints } = project;
  return (
    <>
      <ProjectNav projectId={project.id} projectName={project.name} />
      <h1>{project.name}</h1>
      <p className="meta">
        {project.slug} · your role: {project.myRole.toLowerCase()} · created <Timestamp value={project.createdAt} />
      </p>
      {project.myRole !== 'VIEWER' && <NewBlueprintForm projectId={project.id} />}
      {project.myRole !== 'VIEWER' && <ImportActions projectId={project.id} />}
      <section aria-labelledby="blueprints-heading">
        <h2 id="blueprints-heading">Blueprints ({blueprints.totalCount})</h2>
        {blueprints.edges.length === 0 ? (
          <p className="empty">No blueprints yet</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Revision</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {blueprints.edges.map(({ node }) => (
                <tr key={node.id}>
                  <td>
                    <Link to={`/p/${project.id}/blueprints/${node.id}`}>{node.name}</Link>
                    {node.description && <div className="hint">{node.description}</div>}
                  </td>
                  <td>{node.revision}</td>
                  <td>
                    <Timestamp value={node.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {blueprints.pageInfo.hasNextPage && (
          <p className="hint">
            Showing the {blueprints.edges.length} most recently created of {blueprints.totalCount} blueprints.
          </p>
        )}
      </section>
      <RecentRuns projectId={project.id} />
    </>
  );
}

/** Creates a blueprint from a small starter document and opens it in the editor. */
function NewBlueprintForm({ projectId }: { projectId: string }) {
  const [createBlueprint, { loading }] = useCreateBlueprint();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim() || 'Untitled blueprint';
    setErrors(noErrors);
    try {
      const blueprint = await createBlueprint(projectId, name);
      if (blueprint) navigate(`/p/${projectId}/blueprints/${blueprint.id}`);
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
