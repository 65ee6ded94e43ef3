/**
 * The type a field's `sqlType` declares, as a set of values: integer widths
 * (with MySQL's UNSIGNED, YEAR), numeric(p,s), character lengths in
 * characters (MySQL's TEXT family in bytes), enums inline or named by the
 * document, domains down to their base type. This is what the validator
 * holds a generator's output against; a type it does not know is `other`
 * and never refused.
 */
import type { BlueprintDocument } from '../document/types';
import type { Dialect } from '../generators/types';

export type DeclaredKind =
  | 'integer' | 'decimal' | 'float' | 'boolean' | 'text' | 'binary' | 'date' | 'timestamp' | 'time' | 'uuid' | 'json' | 'enum' | 'bit' | 'other'
  // Types that parse their text (typed-values-fit.ts).
  | 'inet' | 'cidr' | 'macaddr' | 'interval' | 'xml' | 'geometry' | 'set';

export interface DeclaredType {
  kind: DeclaredKind;
  /** The type as the document wrote it, for messages. */
  name: string;
  /** Integers and decimals: the values the type holds. */
  min?: number;
  max?: number;
  /** numeric(p, s): digits after the point the database keeps (it rounds the rest). */
  scale?: number;
  /** Text: most characters; MySQL's TEXT types count bytes instead. */
  maxChars?: number;
  maxBytes?: number;
  /** Enum labels. */
  labels?: string[];
  /** bit(n): exactly n bits; varbit(n) (`varying`): at most n, any number without n. */
  bits?: number;
  varying?: boolean;
  /** inet4 / inet6 (MariaDB): the one IP version the column holds. */
  ipVersion?: 4 | 6;
  /** geometry(Point,4326): the shape (lowercase, as the geometry generator names it; none: any) and SRID; geography is 4326. */
  shape?: string;
  srid?: number;
  geography?: boolean;
  /** tinyint(1) in MySQL: booleans are written as 0 and 1. */
  holdsBooleans?: boolean;
}

const I = (bits: number, unsigned: boolean): [number, number] => (unsigned ? [0, 2 ** bits - 1] : [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1]);

const INTEGER_BITS: Record<string, number> = {
  smallint: 16, int2: 16, smallserial: 16, serial2: 16, integer: 32, int: 32, int4: 32, serial: 32, serial4: 32, bigint: 64, int8: 64, bigserial: 64, serial8: 64,
  tinyint: 8, mediumint: 24, middleint: 24, int1: 8, int3: 24,
};
const FLOATS = new Set(['real', 'float4', 'float8', 'double precision', 'double', 'float']);
const TEXTS = new Set(['text', 'citext', 'name', 'clob', 'string', 'tinytext', 'mediumtext', 'longtext']);
const VARCHARS = new Set(['varchar', 'character varying', 'nvarchar', 'char varying', 'national character varying', 'varchar2', 'nchar varying']);
const CHARS = new Set(['char', 'character', 'bpchar', 'nchar', 'national character']);
const MYSQL_TEXT_BYTES: Record<string, number> = { tinytext: 255, text: 65_535, mediumtext: 16_777_215 };
const BINARIES = new Set(['bytea', 'blob', 'tinyblob', 'mediumblob', 'longblob', 'binary', 'varbinary']);
const TIMESTAMPS = new Set(['timestamp', 'timestamptz', 'datetime', 'timestamp with time zone', 'timestamp without time zone', 'smalldatetime', 'datetime2']);
const TIMES = new Set(['time', 'timetz', 'time with time zone', 'time without time zone']);

/** Names compare as unquoted SQL names do: case-insensitively, schema aside. */
function lookup<T>(map: Record<string, T> | undefined, name: string): T | undefined {
  if (!map) return undefined;
  const bare = (n: string) => n.replace(/"/g, '').split('.').at(-1)!.toLowerCase();
  const key = Object.keys(map).find((k) => bare(k) === bare(name));
  return key === undefined ? undefined : map[key];
}

/** `enum('a','it''s')` → its labels (MySQL writes inline enums; quotes doubled or backslash-escaped). */
function inlineLabels(list: string): string[] {
  const labels: string[] = [];
  const re = /'((?:[^'\\]|''|\\.)*)'/g;
  for (let m = re.exec(list); m; m = re.exec(list)) labels.push(m[1].replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  return labels;
}

export function declaredType(sqlType: string, doc: Pick<BlueprintDocument, 'enums' | 'domains' | 'sqlDialect'>, depth = 0): DeclaredType {
  const dialect: Dialect = doc.sqlDialect ?? 'postgres';
  const name = sqlType.trim();
  const other: DeclaredType = { kind: 'other', name };
  // Arrays hold lists of the element type: checked as lists elsewhere, never refused here.
  if (/\[\s*\d*\s*\]\s*$/.test(name) || /\barray\b/i.test(name) || depth > 8) return other;
  // A name the document declares (an enum, a domain: `"Name"`, `public.year`) before the built-in types it may shadow.
  const labels = lookup(doc.enums, name);
  if (labels) return { kind: 'enum', name, labels };
  const domain = lookup(doc.domains, name);
  if (domain && typeof domain.type === 'string') return { ...declaredType(domain.type, doc, depth + 1), name };
  const lower = name.toLowerCase().replace(/\s+/g, ' ');
  const inline = /^(enum|set)\s*\((.*)\)$/s.exec(lower);
  if (inline) return { kind: inline[1] === 'enum' ? 'enum' : 'set', name, labels: inlineLabels(name.slice(name.indexOf('(') + 1, -1)) };
  const spatial = spatialType(lower, dialect);
  if (spatial) return { ...spatial, name };
  // `varchar(45)`, `numeric(10,2)`, `int(11) unsigned zerofill`, `timestamp(3) with time zone`.
  const m = /^([a-z_][a-z0-9_ ]*?)\s*(?:\(\s*([^)]*)\))?\s*((?:unsigned|signed|zerofill|with(?:out)? time zone|character set \S+|collate \S+|binary|\s)*)$/.exec(lower);
  if (!m) return other;
  const base = m[1].trim();
  // `character varying` has no length: no modifiers, never a length of 0.
  const mods = (m[2] ?? '').split(',').filter((s) => s.trim() !== '').map((s) => Number(s.trim())).filter((n) => Number.isFinite(n));
  const unsigned = /\bunsigned\b/.test(m[3] ?? '');
  if (base === 'year' && dialect === 'mysql') return { kind: 'integer', name, min: 1901, max: 2155 };
  if (INTEGER_BITS[base] !== undefined) {
    const [min, max] = I(dialect === 'sqlite' ? 64 : INTEGER_BITS[base], unsigned);
    return { kind: 'integer', name, min, max, ...(dialect === 'mysql' && base === 'tinyint' ? { holdsBooleans: true } : {}) };
  }
  if (base === 'numeric' || base === 'decimal' || base === 'dec' || base === 'fixed' || base === 'number') {
    if (!mods.length) return { kind: 'decimal', name, ...(unsigned ? { min: 0 } : {}) };
    const [precision, scale = 0] = mods;
    const limit = 10 ** (precision - scale) - 10 ** -scale;
    return { kind: 'decimal', name, min: unsigned ? 0 : -limit, max: limit, scale };
  }
  // PostgreSQL's money is a 64-bit count of cents.
  if (base === 'money') return { kind: 'decimal', name, scale: 2, min: -92233720368547758.08, max: 92233720368547758.07 };
  if (FLOATS.has(base)) return { kind: 'float', name, ...(unsigned ? { min: 0 } : {}) };
  if (base === 'boolean' || base === 'bool') return { kind: 'boolean', name };
  if (dialect === 'mysql' && MYSQL_TEXT_BYTES[base]) return { kind: 'text', name, maxBytes: MYSQL_TEXT_BYTES[base] };
  if (TEXTS.has(base)) return { kind: 'text', name };
  if (VARCHARS.has(base)) return mods.length ? { kind: 'text', name, maxChars: mods[0] } : { kind: 'text', name };
  if (CHARS.has(base)) return { kind: 'text', name, maxChars: mods[0] ?? 1 };
  if (BINARIES.has(base)) return { kind: 'binary', name };
  if (base === 'date') return { kind: 'date', name };
  if (TIMESTAMPS.has(base) || TIMESTAMPS.has(`${base} ${(m[3] ?? '').trim()}`.trim())) return { kind: 'timestamp', name };
  if (TIMES.has(base)) return { kind: 'time', name };
  if (base === 'uuid' || base === 'uniqueidentifier') return { kind: 'uuid', name };
  if (base === 'json' || base === 'jsonb') return { kind: 'json', name };
  if (base === 'bit') return { kind: 'bit', name, bits: mods[0] ?? 1, ...(dialect === 'mysql' && (mods[0] ?? 1) === 1 ? { holdsBooleans: true } : {}) };
  if (dialect === 'postgres' && (base === 'varbit' || base === 'bit varying')) return { kind: 'bit', name, varying: true, ...(mods.length ? { bits: mods[0] } : {}) };
  if (dialect === 'postgres' && (base === 'inet' || base === 'cidr' || base === 'xml' || base === 'interval')) return { kind: base, name };
  if (dialect === 'postgres' && (base === 'macaddr' || base === 'macaddr8')) return { kind: 'macaddr', name };
  if (dialect === 'mysql' && (base === 'inet4' || base === 'inet6')) return { kind: 'inet', name, ipVersion: base === 'inet4' ? 4 : 6 };
  return other;
}

const MYSQL_SHAPES: Record<string, string | undefined> = { geometry: undefined, point: 'point', linestring: 'linestring', polygon: 'polygon', multipoint: 'multipoint', multilinestring: 'multilinestring', multipolygon: 'multipolygon', geometrycollection: 'geometrycollection' };

/** PostGIS `geometry(Point,4326)`, `geography(Polygon)`, `geometry`; MySQL's `POINT`, `GEOMETRY`…, with MySQL 8's `SRID n`. */
function spatialType(lower: string, dialect: Dialect): Omit<DeclaredType, 'name'> | undefined {
  if (dialect === 'mysql') {
    const m = /^([a-z]+)(?:\s+srid\s+(\d+))?$/.exec(lower);
    if (!m || !Object.hasOwn(MYSQL_SHAPES, m[1])) return undefined;
    return { kind: 'geometry', ...(MYSQL_SHAPES[m[1]] ? { shape: MYSQL_SHAPES[m[1]] } : {}), ...(m[2] && Number(m[2]) > 0 ? { srid: Number(m[2]) } : {}) };
  }
  if (dialect !== 'postgres') return undefined;
  const m = /^(?:public\.)?(geometry|geography)\s*(?:\(\s*([a-z0-9]+)\s*(?:,\s*(\d+)\s*)?\))?$/.exec(lower);
  if (!m) return undefined;
  // PostGIS's modifiers: a type, then an SRID. `PointZ` keeps its suffix: generated values are 2D, so no generator fits it.
  const shape = m[2];
  const geography = m[1] === 'geography';
  const srid = m[3] !== undefined ? Number(m[3]) : geography ? 4326 : undefined;
  return { kind: 'geometry', ...(shape && shape !== 'geometry' ? { shape } : {}), ...(srid ? { srid } : {}), ...(geography ? { geography } : {}) };
}
