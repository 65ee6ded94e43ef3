import { skipToken } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';
import { useBlueprintRevisionQuery } from '../../__generated__/hooks';
import { asDocument, type BlueprintDocument } from '../../lib/blueprint-document';
import { diffDocuments } from '../../lib/engine';
import { ErrorMessage } from '../status';
import { RevisionDiff } from './revision-diff';

/** A side of the comparison: a revision number, or the unsaved draft. */
type Side = number | 'draft';

interface RevisionCompareProps {
  blueprintId: string;
  /** Revision numbers, newest first. */
  numbers: readonly number[];
  current: number;
  /** The unsaved draft, when there is one to compare. */
  draft?: BlueprintDocument;
}

const sideName = (side: Side) => (side === 'draft' ? 'your draft' : `revision ${side}`);

/** One side's document: the draft as it is, or a revision fetched once (revisions never change). */
function useSideDocument(blueprintId: string, side: Side, draft: BlueprintDocument | undefined) {
  const { data, error, loading } = useBlueprintRevisionQuery(side === 'draft' ? skipToken : { variables: { id: blueprintId, number: side }, fetchPolicy: 'cache-first' });
  if (side === 'draft') return { document: draft, error: undefined, loading: false };
  const document = data?.blueprint?.revisionByNumber?.document;
  return { document: document ? asDocument(document) : undefined, error, loading };
}

/** Compares any two revisions (or one with the draft): what was added, removed, renamed or changed. */
export function RevisionCompare({ blueprintId, numbers, current, draft }: RevisionCompareProps) {
  const id = useId();
  const [fromChoice, setFrom] = useState<Side>(numbers.find((n) => n < current) ?? current);
  const [toChoice, setTo] = useState<Side>(draft ? 'draft' : current);
  // A draft just saved is the current revision now.
  const from = fromChoice === 'draft' && !draft ? current : fromChoice;
  const to = toChoice === 'draft' && !draft ? current : toChoice;
  const before = useSideDocument(blueprintId, from, draft);
  const after = useSideDocument(blueprintId, to, draft);
  const diff = useMemo(() => (before.document && after.document ? diffDocuments(before.document, after.document) : undefined), [before.document, after.document]);
  const sides: Side[] = [...(draft ? (['draft'] as const) : []), ...numbers];
  const parse = (value: string): Side => (value === 'draft' ? 'draft' : Number(value));
  const select = (label: string, value: Side, onChange: (side: Side) => void) => (
    <div className="field compact">
      <label htmlFor={`${id}-${label}`}>{label}</label>
      <select id={`${id}-${label}`} value={String(value)} onChange={(e) => onChange(parse(e.target.value))}>
        {sides.map((side) => (
          <option key={String(side)} value={String(side)}>
            {side === 'draft' ? 'Your draft (unsaved)' : `#${side}${side === current ? ' (current)' : ''}`}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="revision-compare" data-own-undo aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Compare revisions</h3>
      <div className="settings-grid">
        {select('From', from, setFrom)}
        {select('To', to, setTo)}
      </div>
      {(before.error || after.error) && <ErrorMessage error={before.error ?? after.error} />}
      <div aria-live="polite">
        {diff ? (
          <>
            <p className="meta">
              Changes from {sideName(from)} to {sideName(to)}:
            </p>
            <RevisionDiff diff={diff} />
          </>
        ) : (
          (before.loading || after.loading) && <p className="loading">Loading the revisions…</p>
        )}
      </div>
    </section>
  );
}
