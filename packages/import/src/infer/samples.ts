/**
 * Three values of each column as the blueprint will generate them, beside
 * each decision of the report: a wrong guess shows at a glance (letters
 * where a city was meant, a price of 0.01) in the CLI's report, in
 * `importPreview` and on the import screen.
 */
import { compileBlueprint, previewRows, type BlueprintDocument, type Value } from '@seedbed/engine';
import type { ImportResult } from '../types';

export const SAMPLE_VALUES = 3;
/** A sample value longer than this is cut: the review shows what a value looks like, not all of it. */
const SAMPLE_CHARS = 120;

/** Enough parent rows that a child table of 0–1 rows per parent still has its first three. */
const FEW_ROWS = 30;
const FEW_PER_PARENT = 5;

const FIELD_PATH = /^tables\[(\d+)\]\.fields\[(\d+)\]$/;

export function withSamples(result: ImportResult): ImportResult {
  let plan: ReturnType<typeof compileBlueprint>;
  try {
    // Not validated here: validation is ~30% of a 1,000-table import's time, the importer writes only documents that
    // pass it, and saving checks it again. A document the engine cannot read throws (no samples), within the import's own time limit.
    plan = compileBlueprint(few(result.document), { seed: 1, prevalidated: true });
  } catch {
    // A document the engine refuses shows no samples; its errors are the import's to report.
    return result;
  }
  const rows = new Map<number, Value[][]>();
  const rowsOf = (t: number): Value[][] => {
    if (!rows.has(t)) {
      try {
        rows.set(t, previewRows(plan, result.document.tables[t].name, 0, SAMPLE_VALUES).rows);
      } catch {
        rows.set(t, []);
      }
    }
    return rows.get(t)!;
  };
  for (const decision of result.report) {
    const at = FIELD_PATH.exec(decision.path);
    if (!at) continue;
    decision.samples = rowsOf(Number(at[1])).map((row) => shown(row[Number(at[2])]));
  }
  return result;
}

/**
 * The document with a few rows per table: the first rows' values are the
 * same (a cell is addressed by its row), and a sample of millions of rows
 * costs no more than one of ten. References then point at those few rows.
 */
function few(document: BlueprintDocument): BlueprintDocument {
  const tables = document.tables.map((t) => {
    const rows = t.rows as unknown;
    if (typeof rows === 'number') return { ...t, rows: Math.min(rows, FEW_ROWS) };
    if (rows && typeof rows === 'object' && 'max' in rows) {
      const perParent = rows as { min?: number; max?: number };
      const max = Math.min(perParent.max ?? FEW_PER_PARENT, FEW_PER_PARENT);
      return { ...t, rows: { ...perParent, max, min: Math.min(perParent.min ?? 0, max) } };
    }
    return t;
  });
  return { ...document, tables } as BlueprintDocument;
}

function shown(value: Value): Value {
  if (typeof value === 'string') return value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS)}…` : value;
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > SAMPLE_CHARS ? `${json.slice(0, SAMPLE_CHARS)}…` : value;
  }
  return value;
}
