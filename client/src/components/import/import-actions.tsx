import { Link, useParams } from 'react-router';
import { CreateFromFileForm } from '../document-file';

/** The project page's ways to start from something a team already has: an import, or a document file. */
export function ImportActions({ projectId }: { projectId: string }) {
  // The URL's own form of the project (slug or id), as the section tabs keep it.
  const { project: inUrl } = useParams();
  return (
    <section aria-labelledby="start-from-heading" className="panel import-actions">
      <h2 id="start-from-heading">Start from what you have</h2>
      <div className="import-actions-grid">
        <div className="import-link">
          <h3>Import</h3>
          <p className="hint">From SQL DDL, a live PostgreSQL database, a JSON or CSV sample, or a GraphQL schema; reviewed before anything is saved.</p>
          <Link to={`/p/${inUrl ?? projectId}/import`} className="import-start-link">
            Import a schema or sample
          </Link>
        </div>
        <CreateFromFileForm projectId={projectId} />
      </div>
    </section>
  );
}
