/**
 * What the database sources read, before any inference: tables, columns,
 * keys and simple checks in one dialect-neutral shape. Each parser (pg_dump,
 * mysqldump, sqlite3, a live catalog) fills it; `infer/` turns it into a
 * blueprint document. Plain data, so it crosses a worker thread boundary.
 */
import type { CheckExpr, ExclusionDef, UniqueIndexDef } from '@seedbed/engine';
import type { SkippedItem } from './types';

export type SqlDialect = 'postgres' | 'mysql' | 'sqlite';

/** The kind of value a column holds, whatever its dialect calls it. */
export type ValueKind =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'text'
  | 'uuid'
  | 'date'
  | 'timestamp'
  | 'time'
  | 'interval'
  | 'json'
  | 'binary'
  | 'inet'
  | 'cidr'
  | 'macaddr'
  | 'tsvector'
  | 'enum'
  /** A PostgreSQL range (`int4range`, `tstzrange`, ...): sqlType names which. */
  | 'range'
  /** bit(n): n bits. */
  | 'bit'
  | 'xml'
  /** A spatial value (PostGIS geometry/geography, MySQL POINT...). */
  | 'geometry'
  | 'unknown';

export interface ColumnType {
  kind: ValueKind;
  /** The type as the source declared it, in its dialect (`varchar(45)`, `mpaa_rating`, `integer[]`). */
  sqlType: string;
  /** varchar(n) / char(n): the most characters a value may have. */
  maxLength?: number;
  /** MySQL's TEXT types: their limit is in bytes. */
  maxBytes?: number;
  /** MySQL SET: any subset of the labels, comma-separated. */
  set?: boolean;
  /** inet6 (MariaDB): IPv6 addresses. */
  ipv6?: boolean;
  /** The shape of a spatial column (`point`), when the type says; its SRID (PostGIS typmod; a geography is 4326). */
  geometry?: string;
  srid?: number;
  /** char(n): values are padded to n, so n is also what a value should fill. */
  fixedLength?: boolean;
  /** Integer width in bits (16, 32, 64; 8 for MySQL's TINYINT, 24 for MEDIUMINT). */
  bits?: number;
  unsigned?: boolean;
  /** numeric(p, s). */
  precision?: number;
  scale?: number;
  /** timestamp with time zone, timetz. */
  withTimeZone?: boolean;
  /** An array of this element type. */
  arrayOf?: ColumnType;
  /** Enum labels: a named type's (PostgreSQL) or inline ones (MySQL enum('a','b')). */
  enumValues?: string[];
  /** The PostgreSQL enum or domain the column was declared with. */
  typeName?: string;
}

/** A literal in a check: numbers stay numbers so ranges can be read. */
export type CheckValue = number | string | boolean;

/** One simple condition of a CHECK; anything else stays `other` with its text. */
export type CheckRule =
  | { kind: 'compare'; column: string; op: '<' | '<=' | '>' | '>=' | '=' | '<>'; value: CheckValue }
  | { kind: 'columns'; left: string; op: '<' | '<=' | '>' | '>='; right: string }
  | { kind: 'in'; column: string; values: CheckValue[] }
  | { kind: 'between'; column: string; min: CheckValue; max: CheckValue }
  | { kind: 'length'; column: string; op: '<' | '<=' | '>' | '>=' | '='; value: number }
  | { kind: 'notNull'; column: string }
  | { kind: 'regex'; column: string; pattern: string }
  | { kind: 'other'; text: string };

export interface CheckModel {
  name?: string;
  /** The conjuncts of the check (`a AND b` is two rules). */
  rules: CheckRule[];
  /** The source SQL, for the report. */
  text: string;
  /** The whole expression as the document keeps it; undefined when the parser's tree held something it cannot express. */
  expr?: CheckExpr;
  /** 1-based line of the source. */
  line?: number;
}

export interface ColumnStats {
  /** Share of NULLs, 0..1. */
  nullFraction?: number;
  /** Distinct values: positive a count, negative a share of the rows (pg_stats' convention). */
  distinct?: number;
  /** Most common values and their frequencies, only for low-cardinality columns that hold no personal data. */
  common?: { values: string[]; frequencies: number[] };
}

export interface ColumnModel {
  name: string;
  /** The name as written, when the document's `name` had to differ from it. */
  sqlName?: string;
  type: ColumnType;
  notNull: boolean;
  /** An identity/serial/auto-increment column: the database may fill it. */
  generated?: boolean;
  /** PostgreSQL: an identity column (ALWAYS refuses explicit values without OVERRIDING SYSTEM VALUE) or a serial (`default`). */
  identity?: 'always' | 'default';
  /** The default's SQL text, when any. */
  defaultText?: string;
  /** Rules from column CHECKs and from its domain's CHECKs, with `column` set to this column. */
  checks: CheckModel[];
  stats?: ColumnStats;
}

export interface ForeignKeyModel {
  name?: string;
  columns: string[];
  table: string;
  /** The referenced table's schema, when the key names one. */
  schema?: string;
  /** Empty: the referenced table's primary key. */
  refColumns: string[];
  /** DEFERRABLE: the database may check it at COMMIT (PostgreSQL, SQLite). */
  deferrable?: boolean;
  /** Where it was declared, for errors: `line 12`. */
  where?: string;
  /** Not declared: read from the column's name by convention (`user_id` → users), so no database checks it. */
  implied?: boolean;
}

export interface TableModel {
  /** The table's name in the document: as written, unless two schemas share it. */
  name: string;
  /** The schema it lives in, as written (none: public, or a source without schemas). */
  schema?: string;
  /** The name as written, when the document's `name` had to differ from it. */
  sqlName?: string;
  columns: ColumnModel[];
  primaryKey?: string[];
  /** Unique keys, single and composite, in source order. */
  uniques: string[][];
  /** Unique indexes over expressions, partial, or NULLS NOT DISTINCT, as the document keeps them. */
  uniqueIndexes?: UniqueIndexDef[];
  /** EXCLUDE constraints: rows equal on some columns whose ranges never overlap. */
  exclusions?: ExclusionDef[];
  foreignKeys: ForeignKeyModel[];
  /** Table-level CHECKs. */
  checks: CheckModel[];
  /** Rows the source says the table has (pg_class.reltuples), when known. */
  rowEstimate?: number;
  /** Where the table was declared, for errors: `line 12`. */
  where?: string;
}

export interface DomainModel {
  name: string;
  baseType: ColumnType;
  notNull: boolean;
  checks: CheckModel[];
  /** The CHECK as SQL text, `VALUE >= 1901 AND ...`, written back in PostgreSQL output. */
  checkText?: string;
}

export interface SchemaModel {
  dialect: SqlDialect;
  /** A name for the blueprint when the caller gives none (the database's name). */
  name?: string;
  tables: TableModel[];
  enums: Record<string, string[]>;
  domains: Record<string, DomainModel>;
  skipped: SkippedItem[];
  /** Tables an INSERT trigger on another table fills: Seedbed leaves their rows to it. */
  triggerFills?: TriggerFill[];
}

export interface TriggerFill {
  /** The table the trigger writes into. */
  table: string;
  trigger: string;
  /** The table whose INSERTs fire it. */
  on: string;
  where?: string;
}

/** Limits applied while reading, so a hostile schema is refused before inference. */
export const IMPORT_LIMITS = {
  /** Tables one import may read (PRODUCT.md §5 allows 100 per blueprint; the extra ones are skipped with a warning). */
  tables: 2_000,
  /** Statements one DDL text may hold. */
  statements: 50_000,
  /** Columns of one table. */
  columns: 1_600,
} as const;

/** Stands for `VALUE` in a domain's check rules until a column of the domain takes them. */
export const DOMAIN_VALUE = '\u0000value';

export function emptySchema(dialect: SqlDialect): SchemaModel {
  return { dialect, tables: [], enums: {}, domains: {}, skipped: [] };
}
