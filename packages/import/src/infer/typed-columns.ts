/**
 * Columns whose declared type parses its text decide their generator by the
 * type first (a `location geometry` is a geometry, never a city), with the
 * name only refining it (`ip_v6`, `subnet`): inet/cidr, bit strings, xml,
 * PostGIS and MySQL geometry. Nothing else is decided here.
 */
import type { ColumnType } from '../schema-model';
import type { ColumnGuess } from './column-guess';
import { nameTokens } from './name-tokens';

/** What the geometry generator makes (its `shape` option). */
const SHAPES = new Set(['point', 'linestring', 'polygon', 'multipoint', 'multipolygon']);
const BITS_MAX = 4096;

/** A generator for the column, `{ skip }` with the reason when its type has none, or undefined: not a type decided here. */
export function typedColumnGuess(type: ColumnType, name: string): ColumnGuess | { skip: string } | undefined {
  const words = nameTokens(name);
  // Tokens split letters from digits (`ipv6` → ipv, 6): the joined name is read instead.
  const v6 = type.ipv6 || /(ip_?v?6|v6)(?![0-9])/i.test(name);
  switch (type.kind) {
    case 'inet': {
      if (!type.ipv6 && words.some((w) => ['network', 'subnet', 'cidr', 'netblock', 'block', 'range', 'prefix'].includes(w)) && !/^inet4$/i.test(type.sqlType)) {
        return { generator: 'internet.cidr', options: v6 ? { version: 6 } : {}, confidence: 0.8, reason: `a network in an inet column (from the name "${name}")` };
      }
      return { generator: v6 ? 'internet.ipv6' : 'internet.ipv4', confidence: 0.9, reason: `an ${v6 ? 'IPv6' : 'IPv4'} address (an ${type.sqlType} column)` };
    }
    case 'cidr':
      return { generator: 'internet.cidr', options: v6 ? { version: 6 } : {}, confidence: 0.9, reason: `a network with its prefix, host bits zero (a cidr column)` };
    case 'macaddr':
      return { generator: 'internet.mac', confidence: 0.9, reason: `a MAC address (a ${type.sqlType} column)` };
    case 'xml':
      return { generator: 'xml', confidence: 0.6, reason: 'an xml column: a small well-formed document' };
    case 'bit':
      return bitGuess(type);
    case 'geometry':
      return geometryGuess(type);
    case 'enum':
      return type.set && type.enumValues?.length ? setGuess(type.enumValues) : undefined;
    default:
      return undefined;
  }
}

function bitGuess(type: ColumnType): ColumnGuess | { skip: string } {
  // MySQL's BIT(1) is how mysqldump spells a flag.
  if (type.bits === 1 && !type.fixedLength) return { generator: 'datatype.boolean', confidence: 0.7, reason: 'a bit(1) flag' };
  if (type.bits !== undefined) {
    if (type.bits > BITS_MAX) return { skip: `its type ${type.sqlType} holds more than ${BITS_MAX} bits, more than string.bits makes` };
    return { generator: 'string.bits', options: { length: type.bits }, confidence: 0.8, reason: `${type.bits} bits (a ${type.sqlType} column)` };
  }
  const max = Math.min(type.maxLength ?? 16, 64);
  return { generator: 'string.bits', options: { min: 1, max }, confidence: 0.7, reason: `1 to ${max} bits (a ${type.sqlType} column)` };
}

function geometryGuess(type: ColumnType): ColumnGuess | { skip: string } {
  const shape = type.geometry ?? 'point';
  if (!SHAPES.has(shape)) return { skip: `its type ${type.sqlType} takes ${shape} values, which the geometry generator does not make (points, lines, polygons, multipoints, multipolygons in 2D)` };
  const options: Record<string, unknown> = { ...(shape !== 'point' ? { shape } : {}), ...(type.srid ? { srid: type.srid } : {}) };
  return { generator: 'geometry', ...(Object.keys(options).length ? { options } : {}), confidence: 0.8, reason: `${shape === 'point' ? 'points' : `${shape}s`} in longitude/latitude${type.srid ? ` (SRID ${type.srid})` : ''} (a ${type.sqlType} column)` };
}

/** MySQL's SET holds any subset of its labels, written comma-separated in declared order: single labels mostly, some pairs. */
function setGuess(labels: string[]): ColumnGuess {
  const values: Record<string, number> = {};
  for (const label of labels) values[label] = 3;
  for (let i = 0; i + 1 < labels.length && i < 8; i++) values[`${labels[i]},${labels[i + 1]}`] = 1;
  return { generator: 'weighted', options: { values }, confidence: 0.9, reason: `subsets of its ${labels.length} set labels` };
}

/** Generators that draw letters in either case unless told (`casing`). */
const MIXED_CASE = new Set(['string.alpha', 'string.alphanumeric']);

/**
 * A unique `citext` compares case-insensitively: "aB3" and "Ab3" clash.
 * Random letters are then drawn in one case, so values distinct as written
 * are distinct folded too (row-tagged and list values already are).
 */
export function caseInsensitiveUnique(guess: ColumnGuess, type: ColumnType): ColumnGuess {
  if (!/(^|\.)citext$/i.test(type.sqlType) || !MIXED_CASE.has(guess.generator)) return guess;
  const casing = guess.options?.casing;
  if (casing === 'lower' || casing === 'upper') return guess;
  return { ...guess, options: { ...guess.options, casing: 'lower' }, reason: `${guess.reason}, in lowercase (citext compares case-insensitively)` };
}
