/**
 * Value kinds an imported schema needs beyond faker's: arrays, JSON objects,
 * binary strings, intervals, times of day and text-search vectors. Each says
 * how SQL spells it (`sqlLiteral`) where a quoted string would not load, and
 * arrays how CSV/TSV spell them (PostgreSQL's array text, which COPY reads).
 */
import type { FieldDef, DocumentIssue } from '../document/types';
import type { CellFn, Dialect, GeneratorDef, OutputType, Value } from './types';
import * as catalog from './catalog';
import { opt, randomHex } from './helpers';
import { fieldRefsIn } from '../plan/option-refs';
import { cellLimitOf, checkCellText, checkCellValue } from '../cell-limits';

/** Generators an array cannot hold: they read other rows, the row, or are arrays themselves. */
const NOT_ELEMENTS = new Set(['ref', 'formula', 'template', 'array', 'tsvector']);
export const ARRAY_MAX_ITEMS = 100;
const BYTES_MAX = 16_384;

/** PostgreSQL's element type for an array of this output type. */
const PG_ELEMENT: Record<OutputType, string> = {
  string: 'TEXT', integer: 'BIGINT', float: 'DOUBLE PRECISION', boolean: 'BOOLEAN', date: 'DATE', datetime: 'TIMESTAMP', uuid: 'UUID', json: 'JSONB',
};

function elementOf(o: Record<string, any>) {
  const def = catalog.getGenerator(String(o.element));
  const options = (o.elementOptions ?? {}) as Record<string, unknown>;
  return def && { def, options, output: def.outputFor?.(options) ?? def.output };
}

/** A PostgreSQL array column type: `text[]`, `integer[3]`, `_int4`, `ARRAY`. */
export function isPgArrayType(columnType: string): boolean {
  return /\]\s*$|^\s*"?_|\barray\b/i.test(columnType);
}

/** PostgreSQL's array text `{"a","b",1}`: what an array column (and COPY) reads; PostGIS's types separate items with ':' (their text holds commas). */
export function pgArrayText(items: unknown[], delimiter = ','): string {
  const parts = items.map((v) => {
    if (v == null) return 'NULL';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return `"${s.replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${parts.join(delimiter)}}`;
}

/**
 * PostGIS arrays (`geometry(Point,4326)[]`) are delimited by ':'. SQL knows the column's type; CSV/TSV know only
 * the value, so there an array whose every item is WKT/EWKT text (what the geometry generator makes) takes ':'.
 */
const SPATIAL_COLUMN = /^\s*(?:"?public"?\.)?"?geo(?:metry|graphy)\b/i;
const WKT_ITEM = /^(?:SRID=\d+;)?(?:POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION)\(/;
const spatialItems = (v: unknown[]) => v.length > 0 && v.every((item) => typeof item === 'string' && WKT_ITEM.test(item));

const bytesLiteral = (hex: string, dialect: Dialect, quote: (s: string) => string) => (dialect === 'postgres' ? quote(`\\x${hex}`) : `X'${hex}'`);

export const sqlValueGenerators: GeneratorDef[] = [
  {
    id: 'array',
    category: 'seedbed',
    description: 'A list of `min`–`max` values of the `element` generator (with `elementOptions`): a PostgreSQL array, JSON elsewhere',
    options: {
      element: opt.str({ minLength: 1, description: 'Generator id of the items, such as `lorem.word`' }),
      elementOptions: { type: 'object', description: "The element generator's options" },
      min: opt.int({ minimum: 0, maximum: ARRAY_MAX_ITEMS }),
      max: opt.int({ minimum: 0, maximum: ARRAY_MAX_ITEMS }),
    },
    required: ['element'],
    output: 'json',
    sqlTypeFor: (o) => {
      const element = elementOf(o);
      return { postgres: `${element ? PG_ELEMENT[element.output] : 'TEXT'}[]`, mysql: 'JSON', sqlite: 'TEXT' };
    },
    // Its JSON: each item with quotes and a comma, within brackets (escapes come on top, as for any text).
    maxBytes: (o, ctx) => {
      const element = elementOf(o);
      const each = element?.def.maxBytes?.(element.options, ctx);
      return each === undefined ? undefined : 2 + Math.max(o.min ?? 1, o.max ?? 3) * (each + 3);
    },
    create: (o, ctx) => {
      const element = elementOf(o);
      if (!element) throw new Error(`unknown element generator "${o.element}"`);
      const item = element.def.create(element.options, { ...ctx, unique: false });
      const min = o.min ?? 1;
      const max = Math.max(min, o.max ?? 3);
      const limit = cellLimitOf(ctx);
      return (rng, row) => {
        const items: Value[] = new Array(min + rng.below(max - min + 1));
        let units = 2;
        for (let i = 0; i < items.length; i++) {
          const value = (items[i] = item(rng, row));
          units += (typeof value === 'string' ? value.length : value !== null && typeof value === 'object' ? JSON.stringify(value).length : 24) + 3;
        }
        // Items whose size no option bounds (faker text) still make one cell at most.
        if (units * 3 > limit) checkCellValue(JSON.stringify(items), limit);
        return items;
      };
    },
    sqlLiteral: (v, dialect, columnType, quote) => (dialect === 'postgres' && isPgArrayType(columnType) && Array.isArray(v) ? quote(pgArrayText(v, SPATIAL_COLUMN.test(columnType) ? ':' : ',')) : undefined),
    delimitedText: (v) => (Array.isArray(v) ? pgArrayText(v, spatialItems(v) ? ':' : ',') : JSON.stringify(v)),
  },
  {
    id: 'json',
    category: 'datatype',
    description: 'Small JSON object of `keys` (default 3) words and numbers, such as {"alpha": "quia", "beta": 42}',
    options: { keys: opt.int({ minimum: 1, maximum: 20 }) },
    output: 'json',
    create: (o, ctx) => {
      const words = ctx.locale.list('lorem.word');
      const keys = Array.from({ length: o.keys ?? 3 }, (_, i) => JSON_KEYS[i]);
      return (rng) => {
        const value: Record<string, Value> = {};
        for (const key of keys) value[key] = rng.below(2) === 0 ? words[rng.below(words.length)] : rng.below(1000);
        return value;
      };
    },
  },
  {
    id: 'bytes',
    category: 'datatype',
    description: 'Random bytes (`min`–`max`, default 16), as `\\x` and hex: bytea in PostgreSQL, a BLOB elsewhere',
    options: { min: opt.int({ minimum: 0, maximum: BYTES_MAX }), max: opt.int({ minimum: 0, maximum: BYTES_MAX }) },
    output: 'string',
    sqlType: { postgres: 'BYTEA', mysql: 'LONGBLOB', sqlite: 'BLOB' },
    // Not plainText: the leading backslash is TSV's escape character (COPY would read `\x0a` as a byte).
    maxBytes: (o) => 2 + 2 * Math.max(o.min ?? 16, o.max ?? o.min ?? 16),
    create: (o) => {
      const min = o.min ?? 16;
      const max = Math.max(min, o.max ?? min);
      return (rng) => `\\x${randomHex(rng, 2 * (min + rng.below(max - min + 1)))}`;
    },
    sqlLiteral: (v, dialect, _columnType, quote) => (typeof v === 'string' && v.startsWith('\\x') ? bytesLiteral(v.slice(2), dialect, quote) : undefined),
  },
  {
    id: 'date.interval',
    category: 'date',
    description: 'A duration between `min` and `max` seconds (default up to 30 days), as PostgreSQL writes an interval: "3 days 04:05:06"',
    options: { min: opt.int({ minimum: 0, maximum: 3_153_600_000 }), max: opt.int({ minimum: 0, maximum: 3_153_600_000 }) },
    output: 'string',
    sqlType: { postgres: 'INTERVAL', mysql: 'VARCHAR(40)', sqlite: 'TEXT' },
    plainText: true,
    maxBytes: () => 40,
    create: (o) => {
      const min = o.min ?? 0;
      const max = Math.max(min, o.max ?? 30 * 86_400);
      return (rng) => intervalText(rng.intBetween(min, max));
    },
  },
  {
    id: 'date.time',
    category: 'date',
    description: 'Time of day, HH:MM:SS',
    output: 'string',
    sqlType: { postgres: 'TIME', mysql: 'TIME', sqlite: 'TEXT' },
    plainText: true,
    maxBytes: () => 8,
    create: () => (rng) => clock(rng.below(86_400)),
    space: () => ({ size: 86_400, at: (i) => clock(i) }),
  },
  {
    id: 'tsvector',
    category: 'text',
    description: "Text-search lexemes of `source` (text with {field}s of the row, e.g. \"{title} {description}\"): lowercased words, sorted, each once",
    options: { source: opt.str({ description: 'Text with {field} placeholders' }) },
    required: ['source'],
    output: 'string',
    sqlType: { postgres: 'TSVECTOR', mysql: 'TEXT', sqlite: 'TEXT' },
    rowOptions: ['source'],
    create: (o, ctx) => {
      const limit = cellLimitOf(ctx);
      const read = o.source;
      if (typeof read === 'function') return ((_rng, row) => lexemes(String(read(row, limit) ?? ''))) as CellFn;
      const fixed = lexemes(String(read ?? ''));
      return () => checkCellText(fixed, limit);
    },
  },
];

const JSON_KEYS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'omicron', 'pi', 'rho', 'sigma', 'tau', 'upsilon'];

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const clock = (s: number) => `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;

function intervalText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'} ${clock(seconds % 86_400)}`;
}

/** Words of the text as tsvector input: letters and digits only, so no quote or colon reaches the parser. */
function lexemes(text: string): string {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return [...words].sort().join(' ');
}

/** An array's element generator and options, checked as the field itself would be (without the row). */
export function arrayElementIssues(field: FieldDef, path: string, check?: (def: GeneratorDef, options: Record<string, unknown>) => DocumentIssue[]): DocumentIssue[] {
  if (field.generator !== 'array' || typeof field.options?.element !== 'string') return [];
  const base = `${path}.options`;
  const id = field.options.element;
  if (NOT_ELEMENTS.has(id)) return [{ path: `${base}.element`, message: `"${id}" cannot make the items of an array` }];
  const def = catalog.getGenerator(id);
  if (!def) return [{ path: `${base}.element`, message: `unknown generator "${id}"` }];
  const options = (field.options.elementOptions ?? {}) as Record<string, unknown>;
  if (Object.values(options).some((v) => fieldRefsIn(v).length > 0)) return [{ path: `${base}.elementOptions`, message: 'items of an array cannot read the row' }];
  const { min, max } = field.options as { min?: number; max?: number };
  if (typeof min === 'number' && typeof max === 'number' && min > max) return [{ path: `${base}.max`, message: `must be ≥ min (${min})` }];
  return check?.(def, options).map((i) => ({ ...i, path: i.path.replace(/^options/, `${base}.elementOptions`) })) ?? [];
}
