import type { BlueprintEditor_BlueprintFragment } from '../../__generated__/graphql';
import type { BlueprintDocument } from '../../lib/blueprint-document';
import { Timestamp } from '../status';
import { RevisionCompare } from './revision-compare';

interface RevisionHistoryProps {
  blueprintId: string;
  revisions: BlueprintEditor_BlueprintFragment['revisions'];
  /** The unsaved draft, compared with revisions when there is one. */
  draft?: BlueprintDocument;
  current: number;
  /** The revision open for viewing, if any. */
  viewing: number | null;
  loadingNumber: number | null;
  onView(number: number): void;
}

/** Saved revisions, newest first; any can be opened read-only, and any two compared. */
export function RevisionHistory({ blueprintId, revisions, draft, current, viewing, loadingNumber, onView }: RevisionHistoryProps) {
  const numbers = revisions.edges.map((e) => e.node.number);
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
      {(numbers.length > 1 || draft) && <RevisionCompare blueprintId={blueprintId} numbers={numbers} current={current} draft={draft} />}
    </section>
  );
}
