import type { CellRng } from '../random/cell-rng';
import type { StreamKey } from '../random/hash';
import type { KeyedPermutation } from '../random/permutation';
import type { Dialect, EmitterFactory, GeneratorDef, OutputType, RowView, Value } from '../generators/types';
import type { BlueprintDocument, DomainDef, TableDef } from '../document/types';
import type { TableLayout } from './layout';
import type { CompiledCheck } from './checks';

/** A row under generation: values by field position, plus the parent row each ref field chose. */
export interface RowState extends RowView {
  index: number;
  values: Value[];
  /** Row index in the referenced table per ref field (-1 when NULL or not a ref). */
  refRows: number[];
}

export type PlanCellFn = (rng: CellRng, row: RowState) => Value;

/** How a unique field stays distinct. */
export type UniqueStrategy =
  | { kind: 'none' }
  /** The generator's output is injective in the row (sequence, uuid, row-tagged email). */
  | { kind: 'injective' }
  /** Row index → keyed permutation → index into a finite value space. */
  | { kind: 'permuted'; permutation: KeyedPermutation }
  /**
   * Salted retries against the values already produced: sequential, replayed
   * for offsets. `tuple`: the other fields of a composite key, whose values
   * join this one's in what must be new.
   */
  | { kind: 'retry'; tuple?: number[]; constraints?: RowConstraint[]; distinctByRow?: boolean };

/**
 * A rule over whole rows held by re-drawing one field (unique-indexes.ts):
 * a unique index over expressions or partial, an exclusion constraint. Its
 * state walks forward with the rows, as a retry-unique field's does.
 */
export interface RowConstraint {
  /** `tables[1].uniqueIndexes[0]`. */
  path: string;
  /** The index or constraint as written, with its line, for messages. */
  label: string;
  start(): RowConstraintState;
}

export interface RowConstraintState {
  /** Whether the row (the re-drawn field's value already in it) keeps the rule with the rows recorded so far. */
  admits(row: RowState): boolean;
  record(row: RowState): void;
}

export interface FieldPlan {
  name: string;
  /** Stable key (document/stable-keys.ts): with the table's, what the field's cells are addressed by. */
  key: string;
  index: number;
  /** Document path, e.g. `tables[1].fields[2]`. */
  path: string;
  generator: string;
  def: GeneratorDef;
  type: OutputType;
  nullRate: number;
  /** cellSeed below this → NULL (0 when never null, or when `nullsInDraw`). */
  nullThreshold: number;
  /** The cell function draws the NULLs itself (a field re-drawn for a unique index: unique-indexes.ts): NULL may come though nullThreshold is 0. */
  nullsInDraw?: boolean;
  unique: boolean;
  uniqueStrategy: UniqueStrategy;
  valueKey: StreamKey;
  nullKey: StreamKey;
  /** Fields of the same row this one reads (generated first). */
  dependsOn: number[];
  /** Generates the (non-null) value of the cell; set by the field builder. */
  produce: PlanCellFn;
  /** Cell writers of `produce` for the text formats, when its generator has them. */
  emitter?: EmitterFactory;
  /** For `ref` fields: the referenced table and key field (and how its row is chosen, for composite references). */
  ref?: RefPlan;
  /** Values never need CSV quoting. */
  plainText: boolean;
  /** The column's name as the source wrote it, when it is not `name`. */
  sqlName?: string;
  /** The column type the document declared (`sqlType`), written verbatim in `Plan.sqlDialect`. */
  sqlType?: string;
  /**
   * A reference broken to load a cycle of tables (see `tableOrder`):
   * `update` — SQL and loads write NULL with the row, then an UPDATE sets it
   * once every table is in; `commit` — written with the row, its key declared
   * DEFERRABLE is checked at COMMIT.
   */
  deferred?: 'update' | 'commit';
  /** Column types the generator derives from its options (an array's element type). */
  sqlTypeHint?: Partial<Record<Dialect, string>>;
}

/**
 * What a `ref` field reads. Alone it picks a row of `table` and takes its
 * `field`. A composite foreign key is several ref fields: one picks the row,
 * the others take their columns of the same row (`via`); rows that share a
 * column between several keys (a tenant) pick, through `match`, only among
 * rows whose own reference to that tenant is the same as this row's.
 */
export interface RefPlan {
  table: TablePlan;
  field: FieldPlan;
  /** Take `field` of the row this ref field of the same table chose. */
  via?: FieldPlan;
  /** Pick among rows of `table` whose `parent` points at the same row as this row's `own`. */
  match?: { own: FieldPlan; parent: FieldPlan };
}

export interface TablePlan {
  name: string;
  /** Stable key (document/stable-keys.ts): what the table's cells and row counts are addressed by. */
  key: string;
  index: number;
  def: TableDef;
  /** The primary key when it is one field (what a `ref` points at by default). */
  primaryKey?: string;
  /** Every field of the primary key, in key order: one, or a composite key's (empty: none). */
  keyFields: string[];
  /** Composite unique keys (table `unique`), as field names. */
  uniqueKeys: string[][];
  fields: FieldPlan[];
  fieldByName: Map<string, FieldPlan>;
  /** Field indexes in generation order (dependencies first). */
  evalOrder: number[];
  /** CHECK constraints every row is held to (see checks.ts). */
  checks: CompiledCheck[];
  layout: TableLayout;
}

export interface ColumnInfo {
  name: string;
  type: OutputType;
  sqlType: Record<Dialect, string>;
  nullable: boolean;
  unique: boolean;
}

export interface Plan {
  document: BlueprintDocument;
  seed: number;
  locale: string;
  refDate: number;
  /** Dialect the fields' declared `sqlType`s are written in. */
  sqlDialect: Dialect;
  /** Enum types and domains the document declares (by name). */
  enums: Record<string, string[]>;
  domains: Record<string, DomainDef>;
  tables: TablePlan[];
  /** Table names in dependency order (parents before children). */
  order: string[];
  /** Row count overrides the plan was compiled with (kept to rebuild it in workers). */
  rowOverrides: Record<string, number>;
  /** The cell byte limit the plan was compiled with (kept to rebuild it in workers); unset: the engine's default. */
  maxCellBytes?: number;
  table(name: string): TablePlan;
}
