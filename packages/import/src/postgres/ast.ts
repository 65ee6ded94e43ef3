/**
 * Reading PostgreSQL's parse tree (libpg-query's JSON) into the schema
 * model: names, type names and literals (CHECKs: check-expr.ts). Nodes are
 * plain JSON (`{ A_Const: {...} }`), so they are read defensively: anything
 * unexpected is unknown, never a crash.
 */
import type { CheckValue, ColumnType } from '../schema-model';

export type Node = any;

/** `[{String: {sval: 'public'}}, {String: {sval: 'film'}}]` → `['public', 'film']`. */
export function namesOf(list: Node[] | undefined): string[] {
  return (list ?? []).map((n) => n?.String?.sval).filter((s): s is string => typeof s === 'string');
}

/** The unqualified name: schemas are dropped, a blueprint has one namespace. */
export const lastName = (list: Node[] | undefined): string => namesOf(list).at(-1) ?? '';

/** A literal's value; protobuf leaves zero and false out, so `ival: {}` is 0. */
export function constValue(node: Node): CheckValue | undefined {
  const c = node?.A_Const;
  if (!c || c.isnull) return undefined;
  if (c.ival) return c.ival.ival ?? 0;
  if (c.fval) return Number(c.fval.fval);
  if (c.sval) return c.sval.sval ?? '';
  if (c.boolval) return c.boolval.boolval ?? false;
  return undefined;
}

const INTEGER_BITS: Record<string, number> = { int2: 16, smallint: 16, smallserial: 16, serial2: 16, int4: 32, int: 32, integer: 32, serial: 32, serial4: 32, int8: 64, bigint: 64, bigserial: 64, serial8: 64 };
const SERIALS = new Set(['smallserial', 'serial2', 'serial', 'serial4', 'bigserial', 'serial8']);
const CANONICAL: Record<string, string> = {
  int2: 'smallint', smallserial: 'smallint', serial2: 'smallint', int4: 'integer', int: 'integer', serial: 'integer', serial4: 'integer',
  int8: 'bigint', bigserial: 'bigint', serial8: 'bigint', float4: 'real', float8: 'double precision', bool: 'boolean',
  varchar: 'character varying', bpchar: 'character', timestamptz: 'timestamp with time zone', timestamp: 'timestamp without time zone',
  timetz: 'time with time zone', time: 'time without time zone', decimal: 'numeric',
};
const KINDS: Record<string, ColumnType['kind']> = {
  numeric: 'decimal', decimal: 'decimal', money: 'decimal', float4: 'float', float8: 'float', real: 'float', bool: 'boolean', boolean: 'boolean',
  text: 'text', varchar: 'text', bpchar: 'text', char: 'text', citext: 'text', name: 'text', uuid: 'uuid', date: 'date',
  timestamp: 'timestamp', timestamptz: 'timestamp', time: 'time', timetz: 'time', interval: 'interval', json: 'json', jsonb: 'json',
  bytea: 'binary', inet: 'inet', cidr: 'cidr', macaddr: 'macaddr', macaddr8: 'macaddr', tsvector: 'tsvector',
  bit: 'bit', varbit: 'bit', xml: 'xml', geometry: 'geometry', geography: 'geometry',
};

/** PostgreSQL's built-in range types: the engine's `range` generator writes each. */
const RANGE_TYPES = new Set(['int4range', 'int8range', 'numrange', 'daterange', 'tsrange', 'tstzrange']);

/** `timestamp(3) with time zone`: a precision goes after the first word of time types, after the name otherwise. */
function withModifiers(base: string, raw: string, mods: number[]): string {
  if (mods.length === 0 || raw === 'interval') return base;
  const zone = base.match(/^(timestamp|time) (with(?:out)? time zone)$/);
  return zone ? `${zone[1]}(${mods[0]}) ${zone[2]}` : `${base}(${mods.join(',')})`;
}

/**
 * A type the schema declares, named as SQL must write it to find it again:
 * `mpaa_rating`, `"NameStyle"` (quoted: PostgreSQL would fold it), in its
 * schema when it has one (`"Person"."Name"`; public and pg_catalog aside).
 */
export function writtenTypeName(names: Node[] | undefined): string {
  const parts = namesOf(names);
  const kept = parts.length > 1 && ['public', 'pg_catalog'].includes(parts[0]) ? parts.slice(1) : parts;
  return kept.map((p) => (/^[a-z_][a-z0-9_$]*$/.test(p) ? p : `"${p.replace(/"/g, '""')}"`)).join('.');
}

/** The name a declared type is known by in the document: with its schema (not public) as `schema.name`. */
export function declaredTypeKey(names: Node[] | undefined): string {
  const parts = namesOf(names);
  return (parts.length > 1 && ['public', 'pg_catalog'].includes(parts[0]) ? parts.slice(1) : parts).join('.');
}

/** A type name as written back: `character varying(45)`, `numeric(5,2)`, `mpaa_rating[]`. */
export function columnType(typeName: Node): ColumnType & { serial?: boolean } {
  // A name with capitals was quoted (the parser folds the rest): `"Name"` is a domain, never PostgreSQL's `name`.
  const written = lastName(typeName?.names);
  const raw = written.toLowerCase() === written ? written : `"${written}"`;
  const mods = ((typeName?.typmods ?? []) as Node[]).map((m) => constValue(m)).filter((v): v is number => typeof v === 'number');
  const dims = (typeName?.arrayBounds ?? []).length;
  const builtin = CANONICAL[raw] ?? (KINDS[raw] || INTEGER_BITS[raw] ? written : undefined);
  const base = builtin ?? writtenTypeName(typeName?.names);
  const spatial = raw === 'geometry' || raw === 'geography' ? spatialModifiers(raw, typeName?.typmods) : undefined;
  const sqlType = spatial?.sqlType ?? withModifiers(base, raw, mods);
  const scalar: ColumnType & { serial?: boolean } = { kind: KINDS[raw] ?? (INTEGER_BITS[raw] ? 'integer' : 'unknown'), sqlType, ...spatial?.facts };
  if (INTEGER_BITS[raw]) scalar.bits = INTEGER_BITS[raw];
  if (SERIALS.has(raw)) scalar.serial = true;
  if (scalar.kind === 'text' && raw !== 'text' && mods[0] > 0) scalar.maxLength = mods[0];
  if (raw === 'bpchar') {
    scalar.maxLength = mods[0] > 0 ? mods[0] : 1;
    scalar.fixedLength = true;
  }
  if (scalar.kind === 'decimal') {
    if (raw === 'money') Object.assign(scalar, { precision: 15, scale: 2 });
    else if (mods.length) Object.assign(scalar, { precision: mods[0], scale: mods[1] ?? 0 });
  }
  if (raw === 'timestamptz' || raw === 'timetz') scalar.withTimeZone = true;
  // bit(n) holds exactly n bits (bit alone: 1); varbit(n) at most n.
  if (raw === 'bit') Object.assign(scalar, { bits: mods[0] ?? 1, fixedLength: true });
  if (raw === 'varbit' && mods[0] > 0) scalar.maxLength = mods[0];
  if (!KINDS[raw] && !INTEGER_BITS[raw]) scalar.typeName = lastName(typeName?.names);
  if (RANGE_TYPES.has(raw)) {
    scalar.kind = 'range';
    delete scalar.typeName;
  }
  if (dims === 0) return scalar;
  const { serial: _serial, ...element } = scalar;
  return { kind: element.kind, sqlType: `${sqlType}${'[]'.repeat(dims)}`, arrayOf: element };
}

/** PostGIS's `geometry(Point,4326)`: the shape is a name (a ColumnRef to the parser), the SRID a number; a geography is in 4326 unless it says. */
function spatialModifiers(raw: string, typmods: Node[] | undefined): { sqlType: string; facts: Pick<ColumnType, 'geometry' | 'srid'> } {
  const shape = namesOf(typmods?.[0]?.ColumnRef?.fields).at(0)?.toLowerCase();
  const srid = constValue(typmods?.[1]);
  const written = shape ? `${raw}(${shape}${typeof srid === 'number' ? `,${srid}` : ''})` : raw;
  const id = typeof srid === 'number' && srid > 0 ? srid : raw === 'geography' ? 4326 : undefined;
  return { sqlType: written, facts: { ...(shape && shape !== 'geometry' ? { geometry: shape } : {}), ...(id ? { srid: id } : {}) } };
}

/**
 * `lower(email)`, `upper((code)::text)`: a unique index on a column's folded
 * case; values distinct as written are kept as the column's unique key, and
 * generators made distinct per row (row-tagged) stay distinct folded too.
 */
export function caseFolded(expr: Node): string | undefined {
  const call = expr?.FuncCall;
  const name = lastName(call?.funcname).toLowerCase();
  if ((name !== 'lower' && name !== 'upper') || call.args?.length !== 1) return undefined;
  let arg = call.args[0];
  while (arg?.TypeCast) arg = arg.TypeCast.arg;
  const fields = namesOf(arg?.ColumnRef?.fields);
  return fields.length ? fields.at(-1) : undefined;
}
