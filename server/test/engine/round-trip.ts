/**
 * A blueprint of every value readers get wrong (quotes, backslashes, tabs,
 * CR LF, emoji, NULL next to empty strings, long text, keys that differ
 * only by case, numbers, booleans, dates, uuids, JSON) and the comparison
 * of what a reader got back with the NDJSON of the same seed.
 */
import { compileBlueprint, streamTable } from '@seedbed/engine';
import type { OutputType, Value } from '../../../packages/engine/src/generators/types';
import { collect, doc, table } from './helpers';

export const TRICKY = [
  `it's "quoted"`, 'back\\slash \\n not a newline', 'tab\there', 'crlf\r\nline', 'lone\rcr', 'ends with cr\r', 'lf\nline',
  'emoji 😀 Zoë 東京 👩‍👩‍👧', '', 'NULL', '\\N', 'ctrl-z \u001a', '%_*?', '  padded  ', 'comma, "and" quote',
];
export const LONG = ['😀'.repeat(120) + ` it's long \\ \r\n`, 'x'.repeat(4000), 'é'.repeat(300)];
export const JSONS = [{ a: "x'y", b: [1, 2.5, null], c: { d: true } }, { emoji: '😀', q: '"\\', cr: '\r\n' }];

export const blueprint = doc([
  table('people', 80, [
    { name: 'id', generator: 'sequence' },
    // Two letters of both cases: distinct values that a case-insensitive collation would call duplicates.
    { name: 'handle', generator: 'regex', options: { pattern: '[a-zA-Z]{2}' }, unique: true },
    { name: 'text', generator: 'list', options: { values: TRICKY }, nullRate: 0.2 },
    { name: 'long', generator: 'list', options: { values: LONG } },
    { name: 'random_long', generator: 'string.alphanumeric', options: { length: 600 } },
    { name: 'bio', generator: 'lorem.paragraphs', nullRate: 0.3 },
    { name: 'email', generator: 'internet.email', unique: true },
    { name: 'age', generator: 'number.int', options: { min: -2000000000, max: 2000000000 } },
    { name: 'score', generator: 'number.float', options: { min: -1e6, max: 1e6 } },
    { name: 'price', generator: 'number.float', options: { min: 0, max: 1000, precision: 0.01 } },
    { name: 'active', generator: 'datatype.boolean', nullRate: 0.3 },
    { name: 'born', generator: 'date.between', options: { from: '1950-01-01', to: '2010-12-31', dateOnly: true } },
    { name: 'seen', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31' } },
    { name: 'uid', generator: 'uuid' },
    { name: 'meta', generator: 'datatype.json' },
    { name: 'shape', generator: 'list', options: { values: JSONS }, nullRate: 0.2 },
  ], 'id'),
  table('notes', { perParent: 'people', min: 0, max: 3 }, [
    { name: 'id', generator: 'uuid' },
    { name: 'n', generator: 'sequence' },
    { name: 'author', generator: 'ref', options: { table: 'people', field: 'handle' } },
    { name: 'person_id', generator: 'ref', options: { table: 'people' } },
    { name: 'body', generator: 'list', options: { values: TRICKY }, nullRate: 0.1 },
  ], 'id'),
], { seed: 11 });

export const plan = compileBlueprint(blueprint);

/** The column each table's rows are ordered by: the order they were generated in. */
export const ORDER: Record<string, string> = { people: 'id', notes: 'n' };

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
}

/** One spelling per value, whichever program produced it (a database's text, a JavaScript value, NDJSON). */
export function canonical(type: OutputType, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'integer':
    case 'float':
      return String(Number(v));
    case 'boolean':
      return String(v === true || v === 1 || v === '1' || v === 't' || v === 'true');
    case 'datetime':
      return String(v).replace('T', ' ').replace(/Z$/, '');
    case 'json':
      return JSON.stringify(sortKeys(typeof v === 'string' ? JSON.parse(v) : v));
    default:
      return String(v);
  }
}

/** The NDJSON output of a table, as parsed objects. */
export async function ndjsonObjects(name: string): Promise<Record<string, Value>[]> {
  return (await collect(streamTable(plan, name, 'ndjson'))).split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

/**
 * Rows a reader got back (cells in field order: text, numbers or NULL)
 * against NDJSON's, reporting the first cell that differs: a whole-table diff is unreadable.
 */
export async function expectSameRows(name: string, loaded: unknown[][]): Promise<void> {
  const fields = plan.table(name).fields;
  const actual = loaded.map((row) => row.map((v, k) => canonical(fields[k].type, v)));
  const expected = (await ndjsonObjects(name)).map((row) => fields.map((f) => canonical(f.type, row[f.name])));
  for (let r = 0; r < Math.min(actual.length, expected.length); r++) {
    const k = expected[r].findIndex((cell, i) => cell !== actual[r][i]);
    const at = `${name} row ${r + 1}, ${fields[k]?.name}`;
    if (k >= 0) expect({ at, value: actual[r][k] }).toEqual({ at, value: expected[r][k] });
  }
  expect(actual.length).toBe(expected.length);
}
