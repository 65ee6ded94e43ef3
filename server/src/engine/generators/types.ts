import type { CellRng } from '../random/cell-rng';
import type { LocaleData } from '../locale/locales';
import type { ByteSink } from '../formats/byte-sink';

export type OutputType = 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'datetime' | 'uuid' | 'json';
export type Dialect = 'postgres' | 'mysql' | 'sqlite';
export const DIALECTS: readonly Dialect[] = ['postgres', 'mysql', 'sqlite'];

/** A cell value. Dates travel as ISO strings (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SSZ`). */
export type Value = string | number | boolean | null | object;

/** What a generator may read of the row being generated. */
export interface RowView {
  readonly index: number;
  readonly values: Value[];
}

/**
 * Produces one cell from its randomness (and, for row-aware generators, its
 * row). Hot generators also offer a cell writer per text format.
 */
export type CellFn = ((rng: CellRng, row: RowView) => Value) & { emitter?: EmitterFactory };

/** The formats cells can be written in directly: CSV, TSV, and JSON values (JSON and NDJSON). */
export type CellFormat = 'csv' | 'tsv' | 'json';

/**
 * Writes a non-null cell straight into a sink, encoded as the format encodes
 * its value (quoted or escaped where needed), making no string on the way.
 * It draws from `rng` exactly as its cell function does, so the bytes equal
 * those of the encoded value.
 */
export type EmitFn = (rng: CellRng, row: RowView, out: ByteSink) => void;

/** The cell writer of a generator for one format, if it has one. */
export type EmitterFactory = (format: CellFormat) => EmitFn | undefined;

/** Build-time context: everything a generator may close over once per run. */
export interface BuildContext {
  readonly locale: LocaleData;
  /** Anchor for relative dates (ms since epoch): the document's refDate or a constant. */
  readonly refDate: number;
  /** The field asked for distinct values; injective generators switch to a row-tagged form. */
  readonly unique: boolean;
  /** Bytes one cell may hold (PRODUCT.md §9); DEFAULT_MAX_CELL_BYTES when unset. */
  readonly maxCellBytes?: number;
}

/** A finite, indexable value space: `unique` fields permute the row index over it. */
export interface ValueSpace {
  readonly size: number;
  at(index: number): Value;
}

export type JsonSchema = Record<string, unknown>;

export interface GeneratorDef {
  /** faker's `module.method` where one exists, otherwise a Seedbed name such as `sequence`. */
  id: string;
  category: string;
  description: string;
  /** JSON Schema per option; the catalog exposes them as one object schema. */
  options?: Record<string, JsonSchema>;
  required?: string[];
  output: OutputType;
  /** Output type when it depends on the options (e.g. `date.between` with `dateOnly`). */
  outputFor?(options: Record<string, unknown>): OutputType;
  /** Overrides of the default SQL column type for `output`. */
  sqlType?: Partial<Record<Dialect, string>>;
  /** Column types that depend on the options (an array's element type), over `sqlType`. */
  sqlTypeFor?(options: Record<string, any>): Partial<Record<Dialect, string>> | undefined;
  /**
   * How SQL spells a non-null value where a quoted string would not load
   * (bytes, PostgreSQL arrays): `columnType` is the column's type in that
   * dialect, `quote` quotes text as a string literal. Undefined: the default.
   */
  sqlLiteral?(value: Value, dialect: Dialect, columnType: string, quote: (text: string) => string): string | undefined;
  /** The text of a non-null value in CSV/TSV, when not its JSON (arrays as PostgreSQL's COPY reads them). */
  delimitedText?(value: Value): string;
  create(options: Record<string, any>, ctx: BuildContext): CellFn;
  /** Largest value in UTF-8 bytes for these literal options, when known: templates and formulas add up what they read at save time. */
  maxBytes?(options: Record<string, any>, ctx: BuildContext): number | undefined;
  /** Longest value in characters for these options, when known (a VARCHAR(n) counts characters, not bytes). */
  maxChars?(options: Record<string, any>, ctx: BuildContext): number | undefined;
  /** Enumerable value space for these options, when it is finite and cheap to index. */
  space?(options: Record<string, any>, ctx: BuildContext): ValueSpace | undefined;
  /** Distinct rows always give distinct values (or do so when `ctx.unique` is set). */
  injective?: boolean;
  /** Values are never empty and never contain CSV/TSV metacharacters, so encoders skip quoting checks. */
  plainText?: boolean | ((options: Record<string, any>, ctx: BuildContext) => boolean);
  /** Options the generator reads per row itself: with `{field}` values they arrive as `(row) => value` readers. */
  rowOptions?: string[];
  /** Fixed examples when values cannot be generated standalone (ref, formula, template). */
  examples?: Value[];
}

/** A typed view of catalog entries for listing (what the API shows). */
export interface GeneratorInfo {
  id: string;
  category: string;
  description: string;
  optionsSchema: JsonSchema;
  outputType: OutputType;
  sqlType: Record<Dialect, string>;
  examples: Value[];
}
