/**
 * sqlparser-rs's MySQL data types (its JSON: `{"Varchar":{"IntegerLength":
 * {"length":45}}}`, `{"IntUnsigned":null}`, `"Text"`) → the schema model's
 * column type, with the type written back as MySQL spells it.
 */
import type { ColumnType } from '../schema-model';

export type Json = any;

const INTEGER_BITS: Record<string, number> = { TinyInt: 8, SmallInt: 16, MediumInt: 24, Int: 32, Integer: 32, BigInt: 64, Int2: 16, Int4: 32, Int8: 64 };
const INTEGER_NAMES: Record<string, string> = { TinyInt: 'tinyint', SmallInt: 'smallint', MediumInt: 'mediumint', Int: 'int', Integer: 'int', BigInt: 'bigint', Int2: 'smallint', Int4: 'int', Int8: 'bigint' };
const TEXT_LIMITS: Record<string, [string, number | undefined]> = { TinyText: ['tinytext', 255], Text: ['text', 65_535], MediumText: ['mediumtext', 16_777_215], LongText: ['longtext', undefined], String: ['text', undefined], Clob: ['longtext', undefined] };
const BLOBS: Record<string, string> = { TinyBlob: 'tinyblob', Blob: 'blob', MediumBlob: 'mediumblob', LongBlob: 'longblob', Bytea: 'blob' };
const CHARS = new Set(['Char', 'Character', 'Nchar']);
const VARCHARS = new Set(['Varchar', 'Nvarchar', 'CharVarying', 'CharacterVarying']);

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** `{"IntegerLength":{"length":45}}` → 45; `"Max"` and unit-less forms → undefined. */
function lengthOf(value: Json): number | undefined {
  const n = value?.IntegerLength?.length ?? (typeof value === 'number' ? value : undefined);
  return typeof n === 'number' ? n : undefined;
}

/** `{"PrecisionAndScale":[8,2]}`, `{"Precision":8}`, `"None"`. */
function precisionOf(value: Json): [number | undefined, number | undefined] {
  if (Array.isArray(value?.PrecisionAndScale)) return [value.PrecisionAndScale[0], value.PrecisionAndScale[1]];
  if (typeof value?.Precision === 'number') return [value.Precision, undefined];
  return [undefined, undefined];
}

const identName = (part: Json): string => String(part?.Identifier?.value ?? part?.value ?? '');

export function mysqlColumnType(dataType: Json): ColumnType {
  if (typeof dataType === 'string') return unitType(dataType);
  const [variant] = Object.keys(dataType ?? {});
  const value = dataType?.[variant];
  if (!variant) return { kind: 'unknown', sqlType: 'unknown' };
  const unsigned = variant.endsWith('Unsigned');
  const base = unsigned ? variant.slice(0, -'Unsigned'.length) : variant;
  if (INTEGER_BITS[base] !== undefined) {
    const display = typeof value === 'number' ? value : undefined;
    const sqlType = `${INTEGER_NAMES[base]}${display !== undefined ? `(${display})` : ''}${unsigned ? ' unsigned' : ''}`;
    // mysqldump writes BOOLEAN columns as tinyint(1).
    if (base === 'TinyInt' && display === 1 && !unsigned) return { kind: 'boolean', sqlType };
    return { kind: 'integer', sqlType, bits: INTEGER_BITS[base], ...(unsigned ? { unsigned } : {}) };
  }
  if (base === 'Decimal' || base === 'Numeric' || base === 'Dec' || base === 'BigNumeric') {
    const [precision = 10, scale = 0] = precisionOf(value);
    return { kind: 'decimal', sqlType: `decimal(${precision},${scale})${unsigned ? ' unsigned' : ''}`, precision, scale, ...(unsigned ? { unsigned } : {}) };
  }
  if (base === 'Float' || base === 'Double' || base === 'DoublePrecision' || base === 'Float4' || base === 'Float8' || base === 'Real') {
    const [precision, scale] = precisionOf(value);
    const name = base === 'Float' || base === 'Float4' ? 'float' : 'double';
    return { kind: 'float', sqlType: `${name}${precision !== undefined ? `(${precision}${scale !== undefined ? `,${scale}` : ''})` : ''}${unsigned ? ' unsigned' : ''}`, ...(unsigned ? { unsigned } : {}) };
  }
  if (CHARS.has(base) || VARCHARS.has(base)) {
    const fixed = CHARS.has(base);
    const length = lengthOf(value) ?? (fixed ? 1 : undefined);
    return { kind: 'text', sqlType: `${fixed ? 'char' : 'varchar'}${length !== undefined ? `(${length})` : ''}`, ...(length !== undefined ? { maxLength: length } : {}), ...(fixed ? { fixedLength: true } : {}) };
  }
  if (base === 'Binary' || base === 'Varbinary') {
    const length = lengthOf(value) ?? (base === 'Binary' ? 1 : undefined);
    return { kind: 'binary', sqlType: `${base.toLowerCase()}${length !== undefined ? `(${length})` : ''}`, ...(length !== undefined ? { maxLength: length } : {}), ...(base === 'Binary' ? { fixedLength: true } : {}) };
  }
  if (BLOBS[base]) return { kind: 'binary', sqlType: BLOBS[base] };
  if (TEXT_LIMITS[base]) return textType(base);
  if (base === 'Bit') {
    const bits = typeof value === 'number' ? value : 1;
    return { kind: 'bit', sqlType: `bit(${bits})`, bits };
  }
  if (base === 'Datetime' || base === 'Datetime64') return { kind: 'timestamp', sqlType: `datetime${typeof value === 'number' ? `(${value})` : ''}` };
  if (base === 'Timestamp') {
    const precision = Array.isArray(value) ? value[0] : undefined;
    return { kind: 'timestamp', sqlType: `timestamp${typeof precision === 'number' ? `(${precision})` : ''}` };
  }
  if (base === 'Time') {
    const precision = Array.isArray(value) ? value[0] : undefined;
    return { kind: 'time', sqlType: `time${typeof precision === 'number' ? `(${precision})` : ''}` };
  }
  if (base === 'Enum' || base === 'Set') {
    const labels: string[] = base === 'Enum' ? ((value?.[0] ?? []) as Json[]).map((m) => String(m?.Name ?? m?.NameAndValue?.[0] ?? m)) : ((value ?? []) as Json[]).map(String);
    return { kind: 'enum', sqlType: `${base.toLowerCase()}(${labels.map(quote).join(',')})`, enumValues: labels, ...(base === 'Set' ? { set: true } : {}) };
  }
  if (base === 'Custom') return customType(((value?.[0] ?? []) as Json[]).map(identName), ((value?.[1] ?? []) as Json[]).map(String));
  return { kind: 'unknown', sqlType: variant.toLowerCase() };
}

function textType(variant: string): ColumnType {
  const [name, limit] = TEXT_LIMITS[variant];
  // TEXT's limit is in bytes: a UTF-8 character takes up to 4 of them.
  return { kind: 'text', sqlType: name, ...(limit !== undefined ? { maxLength: Math.floor(limit / 4), maxBytes: limit } : {}) };
}

function unitType(name: string): ColumnType {
  if (TEXT_LIMITS[name]) return textType(name);
  if (BLOBS[name]) return { kind: 'binary', sqlType: BLOBS[name] };
  switch (name) {
    case 'Boolean':
    case 'Bool':
      return { kind: 'boolean', sqlType: 'tinyint(1)' };
    case 'Date':
      return { kind: 'date', sqlType: 'date' };
    case 'JSON':
    case 'JSONB':
      return { kind: 'json', sqlType: 'json' };
    case 'Uuid':
      return { kind: 'uuid', sqlType: 'uuid' };
    case 'Real':
      return { kind: 'float', sqlType: 'double' };
    default:
      return { kind: 'unknown', sqlType: name.toLowerCase() };
  }
}

/** Names sqlparser-rs keeps as written: `year(4)`, `point`, MariaDB's `uuid`, `inet6`. */
function customType(names: string[], modifiers: string[]): ColumnType {
  const name = (names.at(-1) ?? '').toLowerCase();
  const sqlType = `${name}${modifiers.length ? `(${modifiers.join(',')})` : ''}`;
  switch (name) {
    case 'year':
      // MySQL's YEAR holds 1901–2155 (and 0000).
      return { kind: 'integer', sqlType: 'year', bits: 16, unsigned: true };
    case 'uuid':
      return { kind: 'uuid', sqlType };
    case 'inet4':
      return { kind: 'inet', sqlType };
    case 'inet6':
      return { kind: 'inet', sqlType, ipv6: true };
    case 'point':
    case 'linestring':
    case 'polygon':
    case 'multipoint':
    case 'multilinestring':
    case 'multipolygon':
    case 'geometrycollection':
      return { kind: 'geometry', sqlType, geometry: name };
    case 'geometry':
      return { kind: 'geometry', sqlType };
    case 'serial':
      return { kind: 'integer', sqlType: 'bigint unsigned', bits: 64, unsigned: true };
    default:
      return { kind: 'unknown', sqlType };
  }
}
