import type { CellRng } from '../random/cell-rng';
import type { GeneratorDef } from './types';
import { withPlainEmitter } from '../formats/cell-writers';
import { fakerGenerator, integerSpace, opt } from './helpers';

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

function floatStep(o: Record<string, any>): number | undefined {
  if (typeof o.multipleOf === 'number') return o.multipleOf;
  if (typeof o.precision === 'number') return o.precision;
  if (typeof o.fractionDigits === 'number') return 10 ** -o.fractionDigits;
  return undefined;
}

export const numberGenerators: GeneratorDef[] = [
  {
    id: 'number.int',
    category: 'number',
    description: 'Integer uniformly in [min, max] (default 0 – 2147483647), optionally a multiple of `multipleOf`',
    options: { min: opt.int(SAFE), max: opt.int(SAFE), multipleOf: opt.int({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
    output: 'integer',
    sqlType: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER' },
    plainText: true,
    create: (o) => {
      const step = o.multipleOf ?? 1;
      const lo = Math.ceil((o.min ?? 0) / step);
      const hi = Math.floor((o.max ?? DEFAULT_INT_MAX) / step);
      const draw: (rng: CellRng) => number = step === 1 ? (rng) => rng.intBetween(lo, hi) : (rng) => rng.intBetween(lo, hi) * step;
      return withPlainEmitter((rng) => draw(rng), (rng, _row, out) => out.putNumber(draw(rng)), false);
    },
    space: (o) => {
      const step = o.multipleOf ?? 1;
      const lo = Math.ceil((o.min ?? 0) / step);
      const hi = Math.floor((o.max ?? DEFAULT_INT_MAX) / step);
      return integerSpace(lo * step, hi * step, step);
    },
  },
  {
    id: 'number.float',
    category: 'number',
    description: 'Decimal uniformly in [min, max]; `precision` (e.g. 0.01) or `fractionDigits` rounds it',
    options: {
      min: opt.num(SAFE),
      max: opt.num(SAFE),
      precision: opt.num({ exclusiveMinimum: 0 }),
      multipleOf: opt.num({ exclusiveMinimum: 0 }),
      fractionDigits: opt.int({ minimum: 0, maximum: 15 }),
    },
    output: 'float',
    plainText: true,
    create: (o) => {
      const min = o.min ?? 0;
      const max = o.max ?? 1;
      const step = floatStep(o);
      if (step === undefined) return (rng) => min + rng.float53() * (max - min);
      const scale = 10 ** decimalsOf(step);
      const lo = Math.ceil(min / step);
      const hi = Math.floor(max / step);
      return (rng) => Math.round(rng.intBetween(lo, hi) * step * scale) / scale;
    },
    space: (o) => {
      const step = floatStep(o);
      if (step === undefined) return undefined;
      const scale = 10 ** decimalsOf(step);
      const lo = Math.ceil((o.min ?? 0) / step);
      const hi = Math.floor((o.max ?? 1) / step);
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
