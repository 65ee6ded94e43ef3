import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { graphql } from '../__generated__';
import { useProjectsQuery } from '../__generated__/hooks';
import { ErrorMessage, Loading, Timestamp } from '../components/status';
import { FormErrorList, TextField } from '../components/text-field';
import { PROJECTS_PAGE_SIZE, useCreateProject } from '../hooks/use-create-project';
import { noErrors, toFormErrors, type FormErrors } from '../lib/errors';
import { useDocumentTitle } from '../hooks/use-document-title';
import { projectPath } from '../lib/project-path';

graphql(`
  fragment ProjectListItem on Project {
    id
    name
    slug
    myRole
    createdAt
  }
`);

graphql(`
  query Projects($first: Int!) {
    projects(first: $first) {
      totalCount
      pageInfo {
        hasNextPage
      }
      edges {
        node {
          ...ProjectListItem
        }
      }
    }
  }
`);

export function ProjectsPage() {
  const { data, loading, error, refetch } = useProjectsQuery({
    variables: { first: PROJECTS_PAGE_SIZE },
    // Projects also appear from elsewhere (another member adds you): show the
    // cached list at once and refresh it in the background.
    fetchPolicy: 'cache-and-network',
  });
  const projects = data?.projects;
  useDocumentTitle('Projects');
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;

  return (
    <>
      <h1>Projects</h1>
      {deleted && (
        <p className="status-line" role="status">
          Deleted project “{deleted}”.
        </p>
      )}
      <CreateProjectForm />
      <section aria-labelledby="project-list-heading">
        <h2 id="project-list-heading">Your projects{projects ? ` (${projects.totalCount})` : ''}</h2>
        {error && !projects ? (
          <ErrorMessage error={error} retry={refetch} />
        ) : loading && !projects ? (
          <Loading label="Loading projects" />
        ) : projects && projects.edges.length === 0 ? (
          <p className="empty">No projects yet. Create one above to start describing your data.</p>
        ) : projects ? (
          <>
            <ul className="card-list" aria-label="Projects">
              {projects.edges.map(({ node }) => (
                <li key={node.id} className="card">
                  <Link to={projectPath(node)} className="card-title">
                    {node.name}
                  </Link>
                  <span className="meta">
                    /p/{node.slug} · {node.myRole.toLowerCase()} · created <Timestamp value={node.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
            {projects.pageInfo.hasNextPage && (
              <p className="hint">Showing the first {projects.edges.length} of {projects.totalCount} projects.</p>
            )}
          </>
        ) : null}
      </section>
    </>
  );
}

/** Creates a project and opens it, so the next step (a blueprint) is one click away. */
function CreateProjectForm() {
  const [createProject, { loading }] = useCreateProject();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [created, setCreated] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setCreated(null);
    if (!name) {
      setErrors({ fields: { name: 'Give the project a name.' }, form: [] });
      return;
    }
    setErrors(noErrors);
    try {
      const project = await createProject(name);
      formRef.current?.reset();
      setCreated(project?.name ?? name);
      if (project) navigate(projectPath(project));
    } catch (error) {
      setErrors(toFormErrors(error, { name: 'Project name' }));
    }
  }

  return (
    <section aria-labelledby="create-project-heading" className="panel">
      <h2 id="create-project-heading">New project</h2>
      <form ref={formRef} className="inline-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading}>
        <FormErrorList messages={errors.form} />
        <TextField label="Project name" name="name" autoComplete="off" error={errors.fields.name} hint="Its address comes from the name, such as /p/shop-demo." />
        <button type="submit" disabled={loading}>
          Create project
        </button>
      </form>
      <p className="status-line" role="status" aria-live="polite">
        {created ? `Created project “${created}”.` : ''}
      </p>
    </section>
  );
}
