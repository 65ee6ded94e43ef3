import { useEffect, useId, useRef, useState } from 'react';

/**
 * Editors for option values that are not a single input: weights (name →
 * number), lists of strings, and raw JSON for anything else. Each keeps its
 * own rows while the user types (an object cannot hold two empty keys) and
 * reports the value the document should hold.
 */

interface EditorProps<T> {
  id: string;
  label: string;
  value: T | undefined;
  readOnly: boolean;
  onChange(value: unknown): void;
}

type WeightRow = { key: string; weight: string };

function rowsOf(value: Record<string, number> | undefined): WeightRow[] {
  return Object.entries(value ?? {}).map(([key, weight]) => ({ key, weight: String(weight) }));
}

function objectOf(rows: WeightRow[]): Record<string, number | string> | undefined {
  const entries = rows.filter((r) => r.key !== '').map((r) => [r.key, r.weight.trim() === '' ? 0 : Number.isFinite(Number(r.weight)) ? Number(r.weight) : r.weight] as const);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Keeps local rows in step with a value changed from outside (undo by reload, another revision). */
function useSyncedRows<R>(value: unknown, toRows: () => R[], toValue: (rows: R[]) => unknown) {
  const [rows, setRows] = useState<R[]>(toRows);
  const lastSent = useRef<string>(JSON.stringify(value));
  useEffect(() => {
    const incoming = JSON.stringify(value);
    if (incoming !== lastSent.current && incoming !== JSON.stringify(toValue(rows))) {
      setRows(toRows());
      lastSent.current = incoming;
    }
  }, [value]);
  return [rows, (next: R[]) => {
    setRows(next);
    lastSent.current = JSON.stringify(toValue(next));
  }] as const;
}

export function WeightsEditor({ id, label, value, readOnly, onChange }: EditorProps<Record<string, number>>) {
  const [rows, setRows] = useSyncedRows(value, () => rowsOf(value), objectOf);
  const update = (next: WeightRow[]) => {
    setRows(next);
    onChange(objectOf(next));
  };
  return (
    <div className="pair-editor" role="group" aria-labelledby={`${id}-label`} id={id}>
      {rows.length === 0 && <p className="hint">No values yet.</p>}
      {rows.map((row, i) => (
        <div className="pair-row" key={i}>
          <input aria-label={`${label}: value ${i + 1}`} value={row.key} disabled={readOnly} placeholder="value" onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))} />
          <input aria-label={`${label}: weight of ${row.key || `value ${i + 1}`}`} type="number" min={0} step="any" value={row.weight} disabled={readOnly} placeholder="weight" onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, weight: e.target.value } : r)))} />
          {!readOnly && (
            <button type="button" className="secondary small" aria-label={`Remove ${row.key || `value ${i + 1}`} from ${label}`} onClick={() => update(rows.filter((_, j) => j !== i))}>
              Remove
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" className="secondary small" onClick={() => update([...rows, { key: '', weight: '1' }])}>
          Add value
        </button>
      )}
    </div>
  );
}

export function ListEditor({ id, label, value, readOnly, onChange }: EditorProps<string[]>) {
  const toValue = (rows: string[]) => (rows.length ? rows : undefined);
  const [rows, setRows] = useSyncedRows(value, () => [...(value ?? [])], toValue);
  const update = (next: string[]) => {
    setRows(next);
    onChange(toValue(next));
  };
  return (
    <div className="pair-editor" role="group" aria-labelledby={`${id}-label`} id={id}>
      {rows.length === 0 && <p className="hint">No values yet.</p>}
      {rows.map((row, i) => (
        <div className="pair-row" key={i}>
          <input aria-label={`${label}: item ${i + 1}`} value={row} disabled={readOnly} onChange={(e) => update(rows.map((r, j) => (j === i ? e.target.value : r)))} />
          {!readOnly && (
            <button type="button" className="secondary small" aria-label={`Remove item ${i + 1} from ${label}`} onClick={() => update(rows.filter((_, j) => j !== i))}>
              Remove
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <button type="button" className="secondary small" onClick={() => update([...rows, ''])}>
          Add item
        </button>
      )}
    </div>
  );
}

/** Any value as JSON text; the document changes only when the text parses. */
export function JsonOption({ id, label, value, readOnly, onChange }: Omit<EditorProps<unknown>, 'id'> & { id?: string }) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const format = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
  const [text, setText] = useState(() => format(value));
  const [invalid, setInvalid] = useState(false);
  const lastSent = useRef(format(value));
  useEffect(() => {
    const incoming = format(value);
    if (incoming !== lastSent.current) {
      setText(incoming);
      setInvalid(false);
      lastSent.current = incoming;
    }
  }, [value]);
  function edit(next: string) {
    setText(next);
    if (next.trim() === '') {
      setInvalid(false);
      lastSent.current = '';
      onChange(undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(next);
      setInvalid(false);
      lastSent.current = format(parsed);
      onChange(parsed);
    } catch {
      setInvalid(true);
    }
  }
  return (
    <>
      {!id && <label htmlFor={inputId}>{label}</label>}
      <textarea id={inputId} className="json-input" rows={3} value={text} disabled={readOnly} spellCheck={false} aria-invalid={invalid || undefined} onChange={(e) => edit(e.target.value)} />
      {invalid && (
        <p className="field-error" role="alert">
          Not valid JSON yet; the last valid value is kept.
        </p>
      )}
    </>
  );
}
