import type { CellRng } from '../random/cell-rng';
import type { GeneratorDef } from './types';
import { withPlainEmitter } from '../formats/cell-writers';
import { fakerGenerator, integerSpace, opt } from './helpers';
import { openFloat, readsRow, rowBoundFloat, rowBoundInt } from './row-bounds';

const DEFAULT_INT_MAX = 2_147_483_647;
/** Bounds whose every integer a double holds exactly: beyond them draws come out as null or skip values. */
const SAFE = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const SAFE_NATURAL = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

/** Decimal places of a step such as 0.01, so sums print cleanly. */
function decimalsOf(step: number): number {
  const text = String(step);
  const e = text.indexOf('e-');
  if (e >= 0) return Number(text.slice(e + 2));
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** `min`/`max` given as a number, or as `{field}` read from the same row. */
const ROW_BOUND = { description: 'A number, or a lone {field} of the same row' };
const exclusiveOptions = {
  minExclusive: opt.bool({ description: 'Never `min` itself (a CHECK such as `end > start`)' }),
  maxExclusive: opt.bool({ description: 'Never `max` itself' }),
};

/** Integer steps of number.int: [lo, hi] × multipleOf, open ends moved inwards. */
function intSteps(o: Record<string, any>): [number, number, number] {
  const step = o.multipleOf ?? 1;
  const lo = Math.ceil((o.min ?? 0) / step);
  const hi = Math.floor((o.max ?? DEFAULT_INT_MAX) / step);
  const min = (o.min ?? 0) / step;
  const max = (o.max ?? DEFAULT_INT_MAX) / step;
  const open = [o.minExclusive ? Math.floor(min) + 1 : lo, o.maxExclusive ? Math.ceil(max) - 1 : hi];
  // Validation refuses open ends that leave nothing; a plan compiled without it keeps the closed range.
  return open[0] <= open[1] ? [open[0], open[1], step] : [lo, hi, step];
}

function floatStep(o: Record<string, any>): number | undefined {
  if (typeof o.multipleOf === 'number') return o.multipleOf;
  if (typeof o.precision === 'number') return o.precision;
  if (typeof o.fractionDigits === 'number') return 10 ** -o.fractionDigits;
  return undefined;
}

/** Steps of a stepped float in [min, max], an exclusive end moved one step in when the step lands on it. */
function floatSteps(o: Record<string, any>, step: number): [number, number] {
  const min = o.min ?? 0;
  const max = o.max ?? 1;
  let lo = Math.ceil(min / step);
  let hi = Math.floor(max / step);
  const closed: [number, number] = [lo, hi];
  // Compared as written (rounded to the step's decimals): 165 × 0.01 is 1.6500000000000001, not above 1.65.
  const scale = 10 ** decimalsOf(step);
  const at = (i: number) => Math.round(i * step * scale) / scale;
  if (o.minExclusive && at(lo) <= min) lo++;
  if (o.maxExclusive && at(hi) >= max) hi--;
  return lo <= hi ? [lo, hi] : closed;
}

export const numberGenerators: GeneratorDef[] = [
  {
    id: 'number.int',
    category: 'number',
    description: 'Integer uniformly in [min, max] (default 0 – 2147483647), optionally a multiple of `multipleOf`',
    options: {
      min: opt.int({ ...SAFE, ...ROW_BOUND }),
      max: opt.int({ ...SAFE, ...ROW_BOUND }),
      multipleOf: opt.int({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
      ...exclusiveOptions,
    },
    output: 'integer',
    sqlType: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER' },
    plainText: true,
    rowOptions: ['min', 'max'],
    create: (o) => {
      if (readsRow(o.min, o.max)) return rowBoundInt(o, { min: 0, max: DEFAULT_INT_MAX });
      const [lo, hi, step] = intSteps(o);
      const draw: (rng: CellRng) => number = step === 1 ? (rng) => rng.intBetween(lo, hi) : (rng) => rng.intBetween(lo, hi) * step;
      // The row compiler writes it inline where every value is a safe integer drawn by below(span).
      const span = hi - lo + 1;
      const inline = span <= 4294967296 && Math.max(Math.abs(lo * step), Math.abs(hi * step)) <= Number.MAX_SAFE_INTEGER;
      return withPlainEmitter((rng) => draw(rng), (rng, _row, out) => out.putNumber(draw(rng)), false, inline ? () => ({ kind: 'int', lo, span, step }) : undefined);
    },
    space: (o) => {
      const [lo, hi, step] = intSteps(o);
      return integerSpace(lo * step, hi * step, step);
    },
  },
  {
    id: 'number.float',
    category: 'number',
    description: 'Decimal uniformly in [min, max]; `precision` (e.g. 0.01) or `fractionDigits` rounds it',
    options: {
      min: opt.num({ ...SAFE, ...ROW_BOUND }),
      max: opt.num({ ...SAFE, ...ROW_BOUND }),
      precision: opt.num({ exclusiveMinimum: 0 }),
      multipleOf: opt.num({ exclusiveMinimum: 0 }),
      fractionDigits: opt.int({ minimum: 0, maximum: 15 }),
      ...exclusiveOptions,
    },
    output: 'float',
    plainText: true,
    rowOptions: ['min', 'max'],
    create: (o) => {
      const step = floatStep(o);
      if (readsRow(o.min, o.max)) return rowBoundFloat(o, step, step === undefined ? 0 : decimalsOf(step));
      const min = o.min ?? 0;
      const max = o.max ?? 1;
      if (step === undefined) {
        if (o.minExclusive || o.maxExclusive) return (rng) => openFloat(min + rng.float53() * (max - min), min, max, o);
        return (rng) => min + rng.float53() * (max - min);
      }
      const scale = 10 ** decimalsOf(step);
      const [lo, hi] = floatSteps(o, step);
      return (rng) => Math.round(rng.intBetween(lo, hi) * step * scale) / scale;
    },
    space: (o) => {
      const step = floatStep(o);
      if (step === undefined) return undefined;
      const scale = 10 ** decimalsOf(step);
      const [lo, hi] = floatSteps(o, step);
      if (hi < lo) return undefined;
      return { size: hi - lo + 1, at: (i) => Math.round((lo + i) * step * scale) / scale };
    },
  },
  fakerGenerator('number.binary', 'Binary digits of an integer in [min, max] (default 0 – 1)', { options: { min: opt.int(SAFE_NATURAL), max: opt.int(SAFE_NATURAL) }, plainText: true }),
  fakerGenerator('number.octal', 'Octal digits of an integer in [min, max] (default 0 – 1)', { options: { min: opt.int(SAFE_NATURAL), max: opt.int(SAFE_NATURAL) }, plainText: true }),
  fakerGenerator('number.hex', 'Hex digits of an integer in [min, max] (default 0 – 1)', { options: { min: opt.int(SAFE_NATURAL), max: opt.int(SAFE_NATURAL) }, plainText: true }),
  fakerGenerator('number.romanNumeral', 'Roman numeral of an integer in [min, max] (1–3999)', {
    options: { min: opt.int({ minimum: 1, maximum: 3999 }), max: opt.int({ minimum: 1, maximum: 3999 }) },
    plainText: true,
  }),
  {
    id: 'datatype.boolean',
    category: 'datatype',
    description: 'true with `probability` (default 0.5), else false',
    options: { probability: opt.num({ minimum: 0, maximum: 1 }) },
    output: 'boolean',
    plainText: true,
    create: (o) => {
      const p = o.probability ?? 0.5;
      return (rng) => rng.float() < p;
    },
    space: () => ({ size: 2, at: (i) => i === 1 }),
  },
];
