import { Link, useParams } from 'react-router';
import { graphql } from '../__generated__';
import { useBlueprintPageQuery } from '../__generated__/hooks';
import { ErrorMessage, Loading, Timestamp } from '../components/status';
import { NotFound } from './not-found-page';
import { useDocumentTitle } from '../hooks/use-document-title';

const REVISIONS_PAGE_SIZE = 50;

graphql(`
  query BlueprintPage($id: ID!, $firstRevisions: Int!) {
    blueprint(id: $id) {
      id
      name
      description
      locale
      defaultSeed
      revision
      document
      updatedAt
      project {
        id
        name
      }
      revisions(first: $firstRevisions) {
        totalCount
        edges {
          node {
            id
            number
            createdAt
            author {
              id
              name
            }
          }
        }
      }
    }
  }
`);

/** Read-only view of a blueprint until the editor arrives: its document and revision history. */
export function BlueprintPage() {
  const { project: projectId, id = '' } = useParams();
  const { data, loading, error, refetch } = useBlueprintPageQuery({
    variables: { id, firstRevisions: REVISIONS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useDocumentTitle(data?.blueprint?.name ?? (data ? 'Not found' : undefined));

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
      <h1>{blueprint.name}</h1>
      {blueprint.description && <p>{blueprint.description}</p>}
      <p className="meta">
        revision {blueprint.revision} · locale {blueprint.locale} · default seed {blueprint.defaultSeed} · updated{' '}
        <Timestamp value={blueprint.updatedAt} />
      </p>
      <div className="two-columns">
        <section aria-labelledby="document-heading">
          <h2 id="document-heading">Document</h2>
          <pre className="code" tabIndex={0} aria-label="Blueprint document (JSON)">
            {JSON.stringify(blueprint.document, null, 2)}
          </pre>
        </section>
        <section aria-labelledby="revisions-heading">
          <h2 id="revisions-heading">Revisions ({blueprint.revisions.totalCount})</h2>
          <ol className="revision-list">
            {blueprint.revisions.edges.map(({ node }) => (
              <li key={node.id}>
                <strong>#{node.number}</strong> <Timestamp value={node.createdAt} />
                {node.author && <span className="meta"> by {node.author.name}</span>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
