/**
 * JSON_SAMPLE and CSV_SAMPLE (PRODUCT.md §12): a sample read as a stream
 * becomes a relational blueprint that looks like it — tables, references
 * found from the values, per-parent counts fitted, each column described by
 * its generator — and keeps none of its values but category labels.
 */
import type { BlueprintDocument } from '../../../engine';
import { badInput } from '../../../errors';
import type { ImportDecision, ImportResult, SkippedItem } from '../types';
import { round } from './column-stats';
import { chooseGenerator, guessTextByName, type NameGuess } from './infer-column';
import { fitChildCounts } from './fit-counts';
import { readSample, DEFAULT_SAMPLE_LIMITS, type SampleInput, type SampleKind, type SampleLimits } from './read';
import { childCountsOf, findReferences, keyColumnOf, type FoundRef } from './relations';
import { SAMPLE_TABLE_LIMITS, SampleTables, TooManyRecords, TooManyTables, type SampleTable } from './sample-tables';

type Table = BlueprintDocument['tables'][number];
type Field = Table['fields'][number];

export interface SampleImportOptions {
  name?: string;
  /** The table of a sample that is one list of records (default: from `name`, else `items`/`rows`). */
  table?: string;
  limits?: SampleLimits;
  guessByName?: NameGuess;
}

/** A blueprint name from the user's, or a plain default; never a sample value. */
const blueprintName = (name?: string) => (name?.trim() ? name.trim() : 'sample');

export async function importSample(input: SampleInput, kind: SampleKind, options: SampleImportOptions = {}): Promise<ImportResult> {
  const skipped: SkippedItem[] = [];
  const tables = new SampleTables(kind === 'CSV_SAMPLE');
  // One list of records is one table: named for what the user called it, since its name guides the inference (`name` in `users`).
  const rootName = tableName(options.table) ?? tableName(options.name) ?? (kind === 'CSV_SAMPLE' ? 'rows' : 'items');
  try {
    for await (const record of readSample(input, kind, rootName, (item) => skipped.push(item), options.limits ?? DEFAULT_SAMPLE_LIMITS)) tables.add(record);
  } catch (e) {
    if (e instanceof TooManyTables) throw badInput('input.text', `The sample has ${e.message}; split it into smaller samples.`);
    if (e instanceof TooManyRecords) throw badInput('input.text', `The sample has ${e.message}; a smaller sample describes the data as well.`);
    throw e;
  }
  tables.finish();
  if (![...tables.tables.values()].some((t) => t.rows > 0)) throw badInput('input.text', 'The sample has no records: give an array of objects, an object of arrays, NDJSON, or CSV with a header and rows.');
  return describe(tables, blueprintName(options.name ?? tableName(options.table)), options.guessByName ?? guessTextByName, skipped);
}

function describe(sample: SampleTables, name: string, guessByName: NameGuess, skipped: SkippedItem[]): ImportResult {
  const refs = findReferences(sample.tables);
  const report: ImportDecision[] = [];
  const tables: Table[] = [];
  const order = [...sample.tables.values()].filter((t) => t.rows > 0);
  order.forEach((table, t) => {
    const path = `tables[${t}]`;
    const tableRefs = refs.filter((r) => r.table === table.name);
    const fields: Field[] = [];
    const key = keyColumnOf(table) ?? (table.syntheticKey ? 'id' : undefined);
    if (table.syntheticKey) {
      fields.push({ name: 'id', generator: 'sequence', options: { start: 1 } });
      report.push({ path: `${path}.fields[0]`, table: table.name, field: 'id', generator: 'sequence', confidence: 1, reason: 'added: the sample nests records under these rows, so they need a key to point at' });
    }
    const jsonColumns = irregularObjects(table);
    for (const [column, stats] of table.columns) {
      const fieldPath = `${path}.fields[${fields.length}]`;
      if (stats.kinds.get('object') === stats.present && !jsonColumns.has(column)) continue; // flattened into its children
      if ([...jsonColumns].some((j) => column.startsWith(`${j}_`))) continue;
      const nullRate = round((table.rows - stats.present) / table.rows, 4);
      const field: Field = { name: column, generator: '' };
      const ref = tableRefs.find((r) => r.column === column);
      const parentColumn = table.parent?.column === column;
      if (parentColumn || ref) {
        const target = parentColumn ? table.parent!.table : ref!.target;
        field.generator = 'ref';
        field.options = { table: target };
        report.push({
          path: fieldPath, table: table.name, field: column, generator: 'ref', confidence: parentColumn ? 1 : ref!.confidence,
          reason: parentColumn ? `records nested in ${target}` : ref!.reason, details: { observed: { nullRate } },
        });
      } else {
        // A nested object's key is named in its object's context: `company.name` is a firm's name, not a person's.
        const nested = table.flattened.get(column);
        const choice = nested
          ? chooseGenerator(nested.object, nested.key, [...table.flattened].filter(([, f]) => f.object === nested.object).map(([, f]) => f.key), stats, guessByName)
          : chooseGenerator(table.name, column, [...table.columns.keys()], stats, guessByName);
        field.generator = choice.generator;
        if (choice.options) field.options = choice.options;
        report.push({ path: fieldPath, table: table.name, field: column, generator: choice.generator, confidence: choice.confidence, reason: choice.reason, details: { observed: { nullRate, ...choice.observed } } });
      }
      const after = field.generator === 'date.between' ? earlierDate(table, column) : undefined;
      if (after) {
        field.options = { ...field.options, from: `{${after}}` };
        report[report.length - 1].reason += `; never before ${after}, as in every row of the sample`;
      }
      if (nullRate > 0 && column !== key) field.nullRate = nullRate;
      if (stats.unique && column !== key && stats.present === table.rows && stats.present >= 10 && field.generator !== 'ref' && !['weighted', 'datatype.boolean'].includes(field.generator)) field.unique = true;
      fields.push(field);
    }
    const dropped = table.droppedColumns.size;
    if (dropped) {
      const many = dropped >= 100_000 ? 'at least ' : '';
      skipped.push({ path, kind: 'column', name: table.name, reason: `${many}${dropped.toLocaleString('en-US')} ${dropped === 1 ? 'column' : 'columns'} past the limit of ${SAMPLE_TABLE_LIMITS.columns} left out` });
    }
    if (table.ragged) skipped.push({ path, kind: 'rows', name: table.name, reason: `${table.ragged} row(s) have more or fewer cells than the header; missing cells were read as empty, extra ones ignored` });
    const doc: Table = { name: table.name, rows: table.rows, fields };
    if (key) doc.primaryKey = key;
    sizePerParent(doc, table, sample, tableRefs, report, path);
    tables.push(doc);
  });
  return { document: { seedbed: 1, name, tables }, report, skipped };
}

/** A table nested in another, or with a required reference, is sized per parent row from the counts the sample shows. */
function sizePerParent(doc: Table, table: SampleTable, sample: SampleTables, refs: FoundRef[], report: ImportDecision[], path: string): void {
  let parent: string | undefined;
  let lengths: Map<number, number> | undefined;
  let via = '';
  if (table.parent) {
    parent = table.parent.table;
    lengths = table.parent.lengths;
    via = `nested in ${parent}`;
  } else {
    const required = refs.find((r) => r.target !== table.name && table.columns.get(r.column)!.present === table.rows);
    if (required) {
      parent = required.target;
      lengths = childCountsOf(table, required.column, sample.tables.get(parent)!);
      via = `${required.column} → ${parent}`;
    }
  }
  if (!parent || !lengths) return;
  const fit = fitChildCounts(lengths);
  doc.rows = { perParent: parent, ...fit.spec };
  report.push({
    path: `${path}.rows`, table: table.name, field: '', generator: 'perParent', confidence: 0.8,
    reason: `${via}: ${fit.chosen === 'fixed' ? `every ${parent} row has ${fit.observed.min}` : `${fit.observed.min} to ${fit.observed.max} per ${parent} row (mean ${fit.observed.mean}), fitted as ${fit.chosen}`}`,
    details: { observed: fit.observed, fitted: fit.spec, candidates: fit.candidates },
  });
}

/**
 * The date column this one never precedes in the sample (updated_at after
 * created_at), so generated rows keep the order; the latest-starting such
 * column when several are (delivered after shipped after ordered).
 */
function earlierDate(table: SampleTable, column: string): string | undefined {
  let best: string | undefined;
  let bestStart = -Infinity;
  for (const [key, { both, ordered }] of table.dateOrder) {
    const [a, b] = key.split('\u0000');
    if (b !== column || both < 5 || ordered !== both || both < table.columns.get(b)!.present * 0.9) continue;
    // A pair that is always equal is one date written twice, not an order.
    if (table.dateOrder.get(`${b}\u0000${a}`)?.ordered === both) continue;
    const start = table.columns.get(a)!.minTime;
    if (start > bestStart) [best, bestStart] = [a, start];
  }
  return best;
}

/** Nested objects whose keys vary from row to row stay one JSON column instead of many sparse ones. */
function irregularObjects(table: SampleTable): Set<string> {
  const irregular = new Set<string>();
  for (const [column, shapes] of table.objects) {
    const common = Math.max(...shapes.shapes.values());
    if (shapes.keys.size > 50 || common / shapes.present < 0.8) irregular.add(column);
  }
  return irregular;
}

/** `Customer export (2024).csv` → `customer_export_2024`; undefined when nothing usable is left. */
function tableName(name?: string): string | undefined {
  const slug = name?.replace(/\.[a-z]+$/i, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 63);
  return slug && /^[a-z]/.test(slug) ? slug : undefined;
}

