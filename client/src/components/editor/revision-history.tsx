import type { BlueprintEditor_BlueprintFragment } from '../../__generated__/graphql';
import { Timestamp } from '../status';

interface RevisionHistoryProps {
  revisions: BlueprintEditor_BlueprintFragment['revisions'];
  current: number;
  /** The revision open for viewing, if any. */
  viewing: number | null;
  loadingNumber: number | null;
  onView(number: number): void;
}

/** Saved revisions, newest first; any can be opened read-only. */
export function RevisionHistory({ revisions, current, viewing, loadingNumber, onView }: RevisionHistoryProps) {
  return (
    <section className="revision-history" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">Revisions ({revisions.totalCount})</h2>
      {revisions.edges.length === 0 ? (
        <p className="empty">No revisions.</p>
      ) : (
        <ol className="revision-list">
          {revisions.edges.map(({ node }) => (
            <li key={node.id} className={viewing === node.number ? 'selected' : undefined}>
              <span>
                <strong>#{node.number}</strong>
                {node.number === current && <span className="badge">current</span>}
              </span>
              <span className="meta">
                {node.author ? node.author.name : 'an API key'} · <Timestamp value={node.createdAt} />
              </span>
              <button
                type="button"
                className="secondary small"
                aria-label={`View revision ${node.number}`}
                aria-pressed={viewing === node.number}
                disabled={loadingNumber === node.number}
                onClick={() => onView(node.number)}
              >
                {loadingNumber === node.number ? 'Opening…' : 'View'}
              </button>
            </li>
          ))}
        </ol>
      )}
      {revisions.totalCount > revisions.edges.length && (
        <p className="hint">
          Showing the {revisions.edges.length} newest of {revisions.totalCount}.
        </p>
      )}
    </section>
  );
}
