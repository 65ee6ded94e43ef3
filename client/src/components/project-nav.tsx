import { Link, NavLink, useMatch, useParams } from 'react-router';

interface ProjectNavProps {
  projectId: string;
  projectName: string;
  /** Links outside a project URL use it (`/p/shop-demo`); inside one they keep the URL's form, slug or id. */
  projectSlug?: string;
}

/** Breadcrumb back to the projects, then the project's sections as tabs. */
export function ProjectNav({ projectId, projectName, projectSlug }: ProjectNavProps) {
  // The URL's own form (slug or id, it named this project), so the current section's tab is marked whichever was used.
  const { project: inUrl } = useParams();
  const base = `/p/${inUrl ?? projectSlug ?? projectId}`;
  // On the project's own page its name is the heading, not a link to itself.
  const atProject = useMatch('/p/:project') !== null;
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Projects</Link>
        {!atProject && (
          <>
            {' '}
            <span aria-hidden="true">/</span> <Link to={base}>{projectName}</Link>
          </>
        )}
      </nav>
      <nav aria-label="Project sections" className="tabs">
        <NavLink to={base} end>
          Blueprints
        </NavLink>
        <NavLink to={`${base}/runs`}>Runs</NavLink>
        <NavLink to={`${base}/settings`}>Settings</NavLink>
      </nav>
    </>
  );
}
