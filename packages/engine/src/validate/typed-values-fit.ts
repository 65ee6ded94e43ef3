/**
 * The declared-type rule for types that parse their text: `inet`, `cidr`,
 * `macaddr`, `interval`, `xml`, bit strings, PostGIS/MySQL geometry and
 * MySQL's SET. A literal value (constant, list, weighted) is parsed as the
 * database would; a generator must be one whose values are that type's
 * text. Generators whose text is the user's own (regex, template) pass:
 * the load says more if they do not fit.
 */
import type { OutputType, Value } from '../generators/types';
import type { BlueprintDocument, FieldDef } from '../document/types';
import { getGenerator } from '../generators/catalog';
import { declaredType, type DeclaredType } from './declared-types';

export interface Misfit {
  why: string;
  option?: string;
}

/** Generators whose text is what the user wrote: never refused here. */
const FREE_TEXT = new Set(['regex', 'template']);

/** The generators each kind accepts (an IPv4 address is also a /32 network). */
const MAKERS: Partial<Record<DeclaredType['kind'], Set<string>>> = {
  inet: new Set(['internet.ip', 'internet.ipv4', 'internet.ipv6', 'internet.cidr']),
  cidr: new Set(['internet.cidr', 'internet.ip', 'internet.ipv4', 'internet.ipv6']),
  macaddr: new Set(['internet.mac']),
  interval: new Set(['date.interval']),
  xml: new Set(['xml']),
  bit: new Set(['string.bits']),
  geometry: new Set(['geometry']),
};

const WHAT: Partial<Record<DeclaredType['kind'], string>> = {
  inet: 'IP addresses',
  cidr: 'networks (an address with its prefix, host bits zero)',
  macaddr: 'MAC addresses',
  interval: 'intervals',
  xml: 'XML',
  bit: 'bit strings',
  geometry: 'WKT or EWKT geometries',
};

/** An IPv4 address as 32 bits, or undefined. */
function ipv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv6 address as its 16-bit groups (an embedded IPv4 tail counts two), or undefined. */
function ipv6(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece);
        if (v4 === undefined) return undefined;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const [head, tail] = text.split('::');
  const a = groupsOf(head);
  const b = tail === undefined ? [] : groupsOf(tail);
  if (!a || !b) return undefined;
  if (tail === undefined) return a.length === 8 ? a : undefined;
  return a.length + b.length <= 7 ? [...a, ...new Array(8 - a.length - b.length).fill(0), ...b] : undefined;
}

/** PostgreSQL's inet (`network` false) or cidr (`network` true: the bits after the prefix must be zero) input; `version` narrows it (MariaDB's INET4/INET6 take bare addresses). */
export function isIpText(text: string, network: boolean, version?: 4 | 6): boolean {
  const [address, prefixText, ...rest] = text.split('/');
  if (rest.length || (prefixText !== undefined && (version !== undefined || !/^\d{1,3}$/.test(prefixText)))) return false;
  const v4 = version === 6 ? undefined : ipv4(address);
  const v6 = v4 === undefined && version !== 4 ? ipv6(address) : undefined;
  if (v4 === undefined && !v6) return false;
  const width = v4 !== undefined ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return false;
  if (!network) return true;
  const bits = v4 !== undefined ? v4.toString(2).padStart(32, '0') : v6!.map((g) => g.toString(2).padStart(16, '0')).join('');
  return !bits.slice(prefix).includes('1');
}

const MAC = /^(?:[0-9a-f]{2}([:-]?)[0-9a-f]{2}(?:\1[0-9a-f]{2}){4}|[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}|[0-9a-f]{12}|[0-9a-f]{2}([:-])[0-9a-f]{2}(?:\2[0-9a-f]{2}){6}|[0-9a-f]{16})$/i;
const WKT = /^(?:SRID=\d+;)?\s*([a-z]+)\s*(?:z|m|zm)?\s*\(/i;

/** Whether `value` is text the declared type reads. */
function reads(declared: DeclaredType, value: Value): boolean {
  if (typeof value !== 'string') return declared.kind === 'bit' && declared.holdsBooleans === true && typeof value === 'boolean';
  switch (declared.kind) {
    case 'inet':
    case 'cidr':
      return isIpText(value, declared.kind === 'cidr', declared.ipVersion);
    case 'macaddr':
      return MAC.test(value);
    case 'interval':
      return value.trim() !== '';
    case 'xml':
      // The parse itself is the database's; text without markup characters is always content.
      return !/[<&]/.test(value) || /^\s*</.test(value);
    case 'bit':
      return /^[01]*$/.test(value) && (declared.varying ? declared.bits === undefined || value.length <= declared.bits : value.length === declared.bits);
    case 'geometry': {
      const m = WKT.exec(value);
      return !!m && (!declared.shape || m[1].toLowerCase() === declared.shape);
    }
    case 'set':
      return value === '' || value.split(',').every((part) => declared.labels?.includes(part));
    default:
      return true;
  }
}

const shown = (v: Value) => (typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : JSON.stringify(v));

/** Why a field cannot fill a column of one of these kinds, or undefined when it can (or nobody can tell before the load). */
export function typedValueMisfit(declared: DeclaredType, generator: string, options: Record<string, unknown>, type: OutputType, values: Value[] | undefined): Misfit | undefined {
  if (values) {
    const bad = values.find((v) => v !== null && !reads(declared, v));
    return bad === undefined ? undefined : { why: `makes ${shown(bad)}, which a ${declared.name} column does not read` };
  }
  if (declared.kind === 'set') {
    return { why: `makes values it does not take from the set's labels (${(declared.labels ?? []).slice(0, 6).join(', ')}): choose weighted, list or constant over them` };
  }
  if (declared.kind === 'bit' && declared.holdsBooleans && type === 'boolean') return undefined;
  if (FREE_TEXT.has(generator)) return undefined;
  const makers = MAKERS[declared.kind];
  if (!makers) return undefined;
  if (!makers.has(generator)) return { why: `makes ${type === 'string' ? 'other text' : `${type} values`}, not ${WHAT[declared.kind]}` };
  return optionMisfit(declared, generator, options);
}

/** The right generator with options that still miss the column: the bit length, the IP version, the shape or SRID. */
function optionMisfit(declared: DeclaredType, generator: string, o: Record<string, unknown>): Misfit | undefined {
  switch (declared.kind) {
    case 'inet':
    case 'cidr':
      if (declared.ipVersion === 4 && generator !== 'internet.ipv4') return { why: 'makes addresses that are not bare IPv4 addresses' };
      if (declared.ipVersion === 6 && generator === 'internet.cidr') return { why: 'makes networks, not bare addresses' };
      return undefined;
    case 'bit': {
      const length = typeof o.length === 'number' ? o.length : undefined;
      const max = length ?? (typeof o.max === 'number' ? o.max : 8);
      const min = length ?? (typeof o.min === 'number' ? o.min : 1);
      if (!declared.varying && (min !== declared.bits || max !== declared.bits)) return { why: `makes ${min === max ? min : `${min} to ${max}`} bits, not exactly ${declared.bits}`, option: length !== undefined ? 'length' : 'max' };
      if (declared.varying && declared.bits !== undefined && max > declared.bits) return { why: `makes up to ${max} bits`, option: length !== undefined ? 'length' : 'max' };
      return undefined;
    }
    case 'geometry': {
      const shape = typeof o.shape === 'string' ? o.shape : 'point';
      if (declared.shape && declared.shape !== shape) return { why: `makes ${shape}s, not ${declared.shape}s`, option: o.shape !== undefined ? 'shape' : undefined };
      const srid = typeof o.srid === 'number' && o.srid > 0 ? o.srid : undefined;
      // PostGIS refuses a value whose SRID differs from the column's; a geography is in 4326 (an EWKT without SRID reads as 4326 too).
      if (declared.srid !== undefined && srid !== declared.srid && !(declared.geography && srid === undefined)) return { why: `makes ${srid === undefined ? 'values without an SRID' : `SRID ${srid}`}, not SRID ${declared.srid}`, option: o.srid !== undefined ? 'srid' : undefined };
      if (declared.geography && [o.minLat, o.maxLat].some((v) => typeof v === 'number' && Math.abs(v) > 90)) return { why: 'makes latitudes beyond ±90°' };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Kinds whose text the database parses (and this file checks). */
export const PARSED_TEXT = new Set<DeclaredType['kind']>(['inet', 'cidr', 'macaddr', 'interval', 'xml', 'bit', 'geometry', 'set']);

/** An `array` field in a PostgreSQL array column (`inet[]`, `bit(4)[]`): its items held to the element type, or undefined. */
export function arrayElementMisfit(field: FieldDef, doc: Pick<BlueprintDocument, 'enums' | 'domains' | 'sqlDialect'>): (Misfit & { declared: DeclaredType; generator: string }) | undefined {
  const element = field.options?.element;
  if (field.generator !== 'array' || typeof element !== 'string' || typeof field.sqlType !== 'string') return undefined;
  const m = /^(.*?)(\s*\[\s*\d*\s*\])+\s*$/s.exec(field.sqlType);
  if (!m) return undefined;
  const declared = declaredType(m[1], doc);
  const def = getGenerator(element);
  if (!PARSED_TEXT.has(declared.kind) || !def) return undefined;
  const options = (field.options?.elementOptions ?? {}) as Record<string, unknown>;
  const values = element === 'constant' ? [options.value as Value] : element === 'list' && Array.isArray(options.values) ? (options.values as Value[]) : undefined;
  const wrong = typedValueMisfit(declared, element, options, def.outputFor?.(options) ?? def.output, values);
  return wrong && { ...wrong, declared, generator: element };
}
