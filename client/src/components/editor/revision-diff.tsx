import type { DocumentDiff, FieldDiff, TableDiff, ValueChange } from '../../lib/engine';
import { describeChange } from '../../lib/engine';

const WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
const SIGNS = { added: '+', removed: '−', changed: '~' } as const;

/** A change's sign for the eye, and its word for a screen reader. */
function Sign({ change }: { change: keyof typeof WORDS }) {
  return (
    <>
      <span className="diff-sign" aria-hidden="true">
        {SIGNS[change]}
      </span>
      <span className="visually-hidden">{WORDS[change]} </span>
    </>
  );
}

function Details({ details }: { details: readonly ValueChange[] }) {
  if (details.length === 0) return null;
  return (
    <ul className="diff-details">
      {details.map((d) => (
        <li key={d.what}>{describeChange(d)}</li>
      ))}
    </ul>
  );
}

function FieldLine({ field }: { field: FieldDiff }) {
  return (
    <li className={`diff-${field.change}`}>
      <Sign change={field.change} />
      field <code>{field.name}</code>
      {field.previousName && <> (renamed from <code>{field.previousName}</code>)</>}
      {field.change !== 'changed' && <>: {field.generator}</>}
      <Details details={field.details} />
    </li>
  );
}

function TableLine({ table }: { table: TableDiff }) {
  const fields = `${table.fieldCount} field${table.fieldCount === 1 ? '' : 's'}`;
  return (
    <li className={`diff-${table.change}`}>
      <Sign change={table.change} />
      table <code>{table.name}</code>
      {table.previousName && <> (renamed from <code>{table.previousName}</code>)</>}
      {table.change !== 'changed' && <> ({fields})</>}
      <Details details={table.details} />
      {table.fields.length > 0 && (
        <ul className="diff-list">
          {table.fields.map((f) => (
            <FieldLine key={f.key} field={f} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A diff of two documents (engine/document/diff.ts), as `seedbed diff` prints it: + added, − removed, ~ changed. */
export function RevisionDiff({ diff }: { diff: DocumentDiff }) {
  if (diff.same) return <p className="empty">No differences.</p>;
  return (
    <ul className="diff-list" aria-label="Changes">
      {diff.details.map((d) => (
        <li key={d.what} className="diff-changed">
          <Sign change="changed" />
          {describeChange(d)}
        </li>
      ))}
      {diff.tables.map((t) => (
        <TableLine key={`${t.change}:${t.key}`} table={t} />
      ))}
    </ul>
  );
}
