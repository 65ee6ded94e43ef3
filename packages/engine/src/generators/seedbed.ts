import RandExp from 'randexp';
import type { CellRng } from '../random/cell-rng';
import type { GeneratorDef, OutputType, Value } from './types';
import { withPlainEmitter, withValuesEmitter } from '../formats/cell-writers';
import { opt } from './helpers';
import { uuidCell } from './string';
import { cellLimitOf, checkCellText } from '../cell-limits';
import { regexMaxBytes, REGEX_DEFAULT_MAX_REPETITION } from './regex-bounds';
import { sortedEntries } from '../document/canonical';

/**
 * `weighted.values` as an object `{value: weight}` or a list of `{value, weight}`.
 * An object's entries are taken in key order (code points), not as written:
 * stored, exported or hand-edited copies of one document may order keys differently.
 */
export function weightedEntries(values: unknown): { value: Value; weight: number }[] {
  if (Array.isArray(values)) return values.map((v) => ({ value: v.value as Value, weight: Number(v.weight) }));
  return sortedEntries((values ?? {}) as Record<string, number>).map(([value, weight]) => ({ value, weight: Number(weight) }));
}

/** The column type of literal values given in options: numbers stay numbers in SQL and JSON. */
function typeOfValues(values: unknown[]): OutputType {
  if (values.length && values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.length && values.every((v) => typeof v === 'number')) return 'float';
  if (values.length && values.every((v) => typeof v === 'boolean')) return 'boolean';
  if (values.length && values.every((v) => v !== null && typeof v === 'object')) return 'json';
  return 'string';
}

/** The generators behind Seedbed's own features (keys, relations, shapes, logic). */
export const seedbedGenerators: GeneratorDef[] = [
  {
    id: 'sequence',
    category: 'seedbed',
    description: 'start, start + step, ... in row order — the usual integer key',
    options: {
      start: opt.int({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
      step: opt.int({ not: { const: 0 }, minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    },
    output: 'integer',
    sqlType: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER' },
    injective: true,
    plainText: true,
    create: (o) => {
      const start = o.start ?? 1;
      const step = o.step ?? 1;
      return withPlainEmitter((_rng, row) => start + row.index * step, (_rng, row, out) => out.putNumber(start + row.index * step), false);
    },
  },
  {
    id: 'uuid',
    category: 'seedbed',
    description: 'Random version-4 UUID, distinct per row',
    output: 'uuid',
    injective: true,
    plainText: true,
    create: () => uuidCell,
  },
  {
    id: 'ref',
    category: 'seedbed',
    description: "Key of a row of `table` (its primary key, or `field`); a table sized per parent points at its parent with its first ref to that table (another picks its own row)",
    options: {
      table: opt.str({ minLength: 1 }),
      field: opt.str({ minLength: 1 }),
      // The target database checks this key at COMMIT: a load may write a cycle of required references in any order.
      deferrable: opt.bool(),
      // A column of a composite reference: `field` of the row the ref field `via` of this table chose.
      via: opt.str({ minLength: 1 }),
      // A tenant shared by several references: pick among rows whose `match[own]` field points where this row's `own` does.
      match: { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: { type: 'string', minLength: 1 } },
    },
    required: ['table'],
    output: 'integer',
    examples: [1, 2, 3],
    create: () => {
      throw new Error('ref cells are resolved by the plan');
    },
  },
  {
    id: 'weighted',
    category: 'seedbed',
    description: 'One of `values`, chosen in proportion to its weight: {"paid": 70, "pending": 30}',
    options: {
      values: {
        oneOf: [
          // Weights add up: bounded so their total stays finite.
          { type: 'object', minProperties: 1, additionalProperties: { type: 'number', minimum: 0, maximum: 1e15 } },
          { type: 'array', minItems: 1, items: { type: 'object', required: ['value', 'weight'], properties: { weight: { type: 'number', minimum: 0, maximum: 1e15 } } } },
        ],
      },
    },
    required: ['values'],
    output: 'string',
    outputFor: (o) => typeOfValues(weightedEntries(o.values).map((e) => e.value)),
    create: (o) => {
      const entries = weightedEntries(o.values);
      const cumulative: number[] = [];
      let total = 0;
      for (const e of entries) cumulative.push((total += e.weight));
      const pick = (rng: CellRng) => {
        const x = rng.float() * total;
        let i = 0;
        while (i < cumulative.length - 1 && x >= cumulative[i]) i++;
        return i;
      };
      return withValuesEmitter((rng) => entries[pick(rng)].value, entries.map((e) => e.value), pick);
    },
    space: (o) => {
      const entries = weightedEntries(o.values).filter((e) => e.weight > 0);
      return { size: entries.length, at: (i) => entries[i].value };
    },
  },
  {
    id: 'list',
    category: 'seedbed',
    description: 'One of `values`, uniformly',
    options: { values: { type: 'array', minItems: 1 } },
    required: ['values'],
    output: 'string',
    outputFor: (o) => typeOfValues(Array.isArray(o.values) ? o.values : []),
    create: (o) => {
      const values = o.values as Value[];
      const pick = (rng: CellRng) => rng.below(values.length);
      return withValuesEmitter((rng) => values[pick(rng)], values, pick);
    },
    space: (o) => {
      const values = [...new Set(o.values as Value[])];
      return { size: values.length, at: (i) => values[i] };
    },
  },
  {
    id: 'constant',
    category: 'seedbed',
    description: 'The same `value` in every row',
    options: { value: {} },
    required: ['value'],
    output: 'string',
    outputFor: (o) => typeOfValues([o.value]),
    rowOptions: ['value'],
    create: (o, ctx) => {
      // A value with `{field}` placeholders arrives as a reader: text built from the row stays one cell at most.
      const read = o.value;
      if (typeof read === 'function') return (_rng, row) => read(row, cellLimitOf(ctx));
      return withValuesEmitter(() => o.value as Value, [o.value as Value], () => 0);
    },
    space: (o) => ({ size: 1, at: () => o.value as Value }),
  },
  {
    id: 'regex',
    category: 'seedbed',
    description: 'String matching `pattern`, e.g. "[A-Z]{3}-\\d{4}"',
    options: { pattern: opt.str({ minLength: 1 }), maxRepetition: opt.int({ minimum: 1, maximum: 1000 }) },
    required: ['pattern'],
    output: 'string',
    maxBytes: (o) => regexMaxBytes(String(o.pattern), o.maxRepetition ?? REGEX_DEFAULT_MAX_REPETITION),
    create: (o, ctx) => {
      const gen = new RandExp(new RegExp(String(o.pattern)));
      gen.max = o.maxRepetition ?? REGEX_DEFAULT_MAX_REPETITION;
      memoizeSets(gen);
      const limit = cellLimitOf(ctx);
      let current = { below: (_n: number) => 0 };
      // randexp asks for integers in [a, b]; answer from the cell being generated.
      gen.randInt = (a: number, b: number) => a + current.below(b - a + 1);
      return (rng) => {
        current = rng;
        // Save-time validation bounds the pattern; this guards plans compiled without it.
        return checkCellText(gen.gen(), limit);
      };
    },
  },
  {
    id: 'template',
    category: 'seedbed',
    description: 'Text with `{field}` placeholders filled from the same row: "{first_name} from {city}"',
    options: { template: opt.str() },
    required: ['template'],
    output: 'string',
    examples: ['Ada from Leeds', 'Linus from Oslo'],
    rowOptions: ['template'],
    create: (o, ctx) => {
      const limit = cellLimitOf(ctx);
      const read = o.template;
      if (typeof read === 'function') return (_rng, row) => String(read(row, limit) ?? '');
      const text = String(read ?? '');
      return () => checkCellText(text, limit);
    },
  },
  {
    id: 'formula',
    category: 'seedbed',
    description: "Expression over the row's fields: upper(status) & '-' & id, if(total > 100, 'big', 'small'), addDays(signed_up, 7)",
    options: { expr: opt.str({ minLength: 1 }) },
    required: ['expr'],
    output: 'string',
    examples: ['PAID-1', 'PENDING-2'],
    create: () => {
      throw new Error('formulas are compiled by the plan');
    },
  },
];

/**
 * randexp expands a character class (`[a-z0-9_]`) into a set of ranges each
 * time it draws one character from it: most of a regex generator's time. The
 * pattern's tokens are parsed once and the sets are only read, so each
 * token's set is expanded once per generator.
 */
function memoizeSets(gen: RandExp): void {
  const expanded = new WeakMap<object, unknown>();
  const expand = (gen as unknown as { _expand(token: object): unknown })._expand.bind(gen);
  (gen as unknown as { _expand(token: object): unknown })._expand = (token: object) => {
    if (!expanded.has(token)) expanded.set(token, expand(token));
    return expanded.get(token);
  };
}
