/**
 * How long a generator's values get, measured on the engine itself: a column
 * declared `varchar(20)` must never receive a 21-character phone number, and
 * most faker-style generators have no declared bound. Each (generator,
 * options) pair is sampled once per process and remembered.
 */
import { compileBlueprint, previewRows, type BlueprintDocument } from '@seedbed/engine';

const PROBE_ROWS = 1_000;
/** Sampling sees most of a list, not its rarest entry: leave this much room (factor, then characters). */
const MARGIN_FACTOR = 1.2;
const MARGIN_CHARS = 1;

interface Spread {
  shortest: number;
  longest: number;
}

const measured = new Map<string, Spread | undefined>();

/** Shortest and longest value (in characters) among a sample, or undefined when the generator cannot run alone. */
export function sampledLengths(generator: string, options: Record<string, unknown> = {}, unique = false): Spread | undefined {
  // Options that read the row (`{first_name}`) cannot run alone; a regex's `{24}` is a quantifier, not a row's field.
  const standalone = Object.fromEntries(Object.entries(options).filter(([k, v]) => k === 'pattern' || !(typeof v === 'string' && v.includes('{'))));
  const key = JSON.stringify([generator, standalone, unique]);
  if (measured.has(key)) return measured.get(key);
  let spread: Spread | undefined;
  try {
    const doc: BlueprintDocument = {
      seedbed: 1,
      name: 'probe',
      tables: [{ name: 'probe', rows: PROBE_ROWS, fields: [{ name: 'value', generator, options: standalone, ...(unique ? { unique } : {}) }] }],
    };
    const { rows } = previewRows(compileBlueprint(doc, { prevalidated: true }), 'probe', 0, PROBE_ROWS, { maxBytes: 64 * 1024 * 1024 });
    spread = { shortest: Infinity, longest: 0 };
    for (const [value] of rows) {
      const length = value === null ? 0 : typeof value === 'string' ? value.length : JSON.stringify(value).length;
      spread = { shortest: Math.min(spread.shortest, length), longest: Math.max(spread.longest, length) };
    }
  } catch {
    spread = undefined;
  }
  measured.set(key, spread);
  return spread;
}

/** Whether values fit `maxLength` characters with room to spare. Unknown lengths do not fit. */
export function fitsLength(generator: string, options: Record<string, unknown> | undefined, maxLength: number, unique = false): boolean {
  const spread = sampledLengths(generator, options, unique);
  if (spread === undefined) return false;
  // Values of one length (codes, ids) have no rarer longer value to leave room for.
  if (spread.shortest === spread.longest) return spread.longest <= maxLength;
  return Math.ceil(spread.longest * MARGIN_FACTOR) + MARGIN_CHARS <= maxLength;
}

/** Whether values are never shorter than `minLength` (sampled, with the same room to spare). */
export function reachesLength(generator: string, options: Record<string, unknown> | undefined, minLength: number): boolean {
  const spread = sampledLengths(generator, options);
  return spread !== undefined && Math.floor(spread.shortest / MARGIN_FACTOR) >= minLength;
}
