/**
 * Unique indexes a list of fields cannot say, and exclusion constraints
 * (TableDef `uniqueIndexes`, `exclusions`):
 *
 * - over expressions: `lower(email)` is distinct, so two emails differing
 *   only in case never meet (the key parts are CHECK trees, evaluated as the
 *   CHECKs are);
 * - partial: only rows whose `where` is true are held to it;
 * - NULLS NOT DISTINCT: a NULL key part is a value like any other (by
 *   default, as SQL says, it leaves the row out);
 * - exclusion: rows equal on the `equal` fields have `overlap` ranges that
 *   never overlap (`EXCLUDE USING gist (room_id WITH =, during WITH &&)`).
 *
 * Each is held by re-drawing one field it reads (its "target") until the row
 * keeps it with the rows before, as a retry-unique field is (unique.ts):
 * deterministic and addressed by cell, with earlier rows replayed for an
 * offset. The target is a key field with values to spare, or, when the
 * key's values are fewer than the rows (one default address per user), a
 * field of `where`, so that extra rows leave the index. What cannot hold at
 * the asked size is refused when the plan is built, before any row.
 */
import { columnsOf, type CheckExpr } from '../document/check-expr';
import type { ExclusionDef, UniqueIndexDef } from '../document/types';
import { badInput } from '../errors';
import { rangeBounds, rangeSpan } from '../generators/range';
import { canonicalValue } from '../document/canonical';
import { compileExpression, compilePredicate, type PredicateScope } from './check-predicate';
import type { BuildEnv } from './build-field';
import type { FieldPlan, RowConstraint, RowConstraintState, RowState, TablePlan } from './types';
import type { Value } from '../generators/types';

/** Generators a re-draw does not change (or must not: their distinctness is built elsewhere). */
const FIXED = new Set(['sequence', 'uuid', 'constant', 'formula', 'template']);

interface Rule {
  path: string;
  label: string;
  /** Fields whose values decide membership and conflicts, preferred targets first. */
  keys: FieldPlan[];
  /** Fields of the `where` clause. */
  filters: FieldPlan[];
  /** How many distinct key tuples there can be (Infinity: unbounded), for the size check. */
  space: number;
  constraint: RowConstraint;
}

export function applyUniqueIndexes(env: BuildEnv, table: TablePlan): void {
  const scope = scopeOf(env, table);
  const rules: Rule[] = [];
  (table.def.uniqueIndexes ?? []).forEach((def, u) => {
    const rule = uniqueRule(env, table, scope, def, `tables[${table.index}].uniqueIndexes[${u}]`);
    if (rule) rules.push(rule);
  });
  (table.def.exclusions ?? []).forEach((def, x) => rules.push(exclusionRule(env, table, scope, def, `tables[${table.index}].exclusions[${x}]`)));
  for (const rule of rules) attach(env, table, rule);
}

function scopeOf(env: BuildEnv, table: TablePlan): PredicateScope {
  const byName = new Map(table.fields.map((f) => [f.name.toLowerCase(), f]));
  return {
    field: (name) => {
      const f = byName.get(name.toLowerCase());
      return f && { index: f.index, type: f.type };
    },
    refDate: env.plan.refDate,
  };
}

/** `UNIQUE (a, b) (line 3)`: the kind said once, when the source text does not start with it (`CREATE UNIQUE INDEX …` says it). */
const label = (kind: string, def: { text: string; line?: number }) => `${/^(create\s+)?unique|^exclude/i.test(def.text) ? '' : `${kind} `}${def.text}${def.line ? ` (line ${def.line})` : ''}`;

function fieldsOf(table: TablePlan, exprs: CheckExpr[]): FieldPlan[] {
  const names = exprs.flatMap((e) => columnsOf(e));
  return [...new Set(names.map((n) => table.fields.find((f) => f.name.toLowerCase() === n.toLowerCase())!))];
}

/** A field whose values are distinct over the table whatever the rows (a unique field, a single primary key). */
const distinctAlone = (f: FieldPlan) => f.unique && f.uniqueStrategy.kind !== 'none';

/** Values of a component's space enumerated to test a key part on them, at most. */
const MAX_ENUMERATED = 100_000;

/**
 * Whether a composite key made by a tuple permutation (tuple-keys.ts) holds
 * the index already: its fields are the key's, and each key part reads one of
 * them and tells its values apart (`lower(language)` over a list of languages
 * that differ in more than case). A MySQL key under a case-insensitive
 * collation is imported as such an index over the table's own primary key
 * (world's `countrylanguage (CountryCode, Language)`), whose permuted fields
 * no re-draw could change.
 */
function heldByTuple(env: BuildEnv, table: TablePlan, scope: PredicateScope, def: UniqueIndexDef, keys: FieldPlan[]): boolean {
  const names = new Set(keys.map((f) => f.name));
  const composites = [...(table.keyFields.length > 1 ? [table.keyFields] : []), ...table.uniqueKeys];
  const key = composites.find((k) => k.length === names.size && k.every((n) => names.has(n)));
  // A NULL part leaves a row out of the index (unless NULLS NOT DISTINCT): only the drawn values need telling apart.
  if (!key || keys.some((f) => f.uniqueStrategy.kind !== 'none' || (f.nullThreshold > 0 && def.nullsNotDistinct))) return false;
  return def.keys.every((part) => {
    const [field, more] = fieldsOf(table, [part]);
    if (!field || more) return false;
    if ('col' in part) return true;
    if (field.ref) return false;
    const options = canonicalValue(table.def.fields[field.index].options ?? {}) as Record<string, unknown>;
    const space = field.def.space?.(options, { ...env.build, unique: false });
    if (!space || space.size > MAX_ENUMERATED) return false;
    const read = compileExpression(part, scope);
    const row: Value[] = new Array(table.fields.length).fill(null);
    const seen = new Set<string>();
    for (let i = 0; i < space.size; i++) {
      row[field.index] = space.at(i);
      const id = keyText(read(row));
      if (seen.has(id)) return false;
      seen.add(id);
    }
    return true;
  });
}

function uniqueRule(env: BuildEnv, table: TablePlan, scope: PredicateScope, def: UniqueIndexDef, path: string): Rule | undefined {
  // A key part that is a distinct field alone makes every tuple distinct: nothing to hold.
  if (def.keys.some((k) => 'col' in k && distinctAlone(fieldsOf(table, [k])[0]))) return undefined;
  const keyFields = fieldsOf(table, def.keys);
  if (heldByTuple(env, table, scope, def, keyFields)) return undefined;
  const parts = def.keys.map((k) => compileExpression(k, scope));
  const where = def.where ? compilePredicate(def.where, scope) : undefined;
  const nullsEqual = !!def.nullsNotDistinct;
  const keys = keyFields;
  const text = label('UNIQUE', def);
  const identity = (row: RowState): string | undefined => {
    if (where && where(row.values) !== true) return undefined;
    const values = parts.map((p) => p(row.values));
    if (!nullsEqual && values.some((v) => v === null || v === undefined)) return undefined;
    if (values.length === 1) return keyText(values[0]);
    return JSON.stringify(values.map(normalized));
  };
  return {
    path,
    label: text,
    keys,
    filters: def.where ? fieldsOf(table, [def.where]) : [],
    // NULLs are distinct by default: a nullable key part leaves room for any number of rows.
    space: !nullsEqual && keys.some((f) => f.nullThreshold > 0) ? Infinity : keys.reduce((n, f) => n * spaceOf(env, table, f), 1),
    constraint: {
      path,
      label: text,
      start(): RowConstraintState {
        const seen = new Set<string>();
        // record() follows the admits() that accepted the row: its identity is reused.
        let last: string | undefined;
        return {
          admits: (row) => {
            last = identity(row);
            return last === undefined || !seen.has(last);
          },
          record: () => {
            if (last !== undefined) seen.add(last);
          },
        };
      },
    },
  };
}

/** One key part's identity: text as itself, other values tagged by type (1 and '1' differ). */
const keyText = (v: unknown): string => (typeof v === 'string' ? `s${v}` : typeof v === 'number' ? `n${Number(v)}` : `j${JSON.stringify(v)}`);

/** Key values compare as SQL compares them: 1 and 1.0 are one number; text as written. */
const normalized = (v: unknown): unknown => (typeof v === 'number' ? Number(v) : v === undefined ? null : v);

function exclusionRule(env: BuildEnv, table: TablePlan, scope: PredicateScope, def: ExclusionDef, path: string): Rule {
  const [range] = fieldsOf(table, [{ col: def.overlap }]);
  if (range.generator !== 'range') throw badInput(`${path}.overlap`, `"${range.name}" must be made by the range generator for its ranges to be kept apart (it uses ${range.generator})`);
  const equal = def.equal.map((name) => fieldsOf(table, [{ col: name }])[0]);
  const where = def.where ? compilePredicate(def.where, scope) : undefined;
  const text = label('EXCLUDE', def);
  const groupOf = (row: RowState): string | undefined => {
    if (where && where(row.values) !== true) return undefined;
    const values = equal.map((f) => row.values[f.index]);
    return values.some((v) => v === null) ? undefined : JSON.stringify(values);
  };
  const options = canonicalValue(table.def.fields[range.index].options ?? {}) as Record<string, unknown>;
  const span = rangeSpan(options, env.plan.refDate);
  const groups = equal.reduce((n, f) => n * spaceOf(env, table, f), 1);
  // Rows of one group fill its span at best edge to edge: beyond half of it, random ranges rarely fit, so refuse that before generating.
  const room = Math.max(0, span.to - span.from);
  const perGroup = Math.ceil(table.layout.rows / Math.min(groups, Math.max(1, table.layout.rows)));
  const mean = (span.minLength + span.maxLength) / 2;
  if (table.layout.rows > 0 && perGroup * mean > room / 2) {
    const most = Math.floor(room / 2 / mean) * Math.min(groups, table.layout.rows);
    throw badInput(path, `${table.name}: ${text} cannot hold for ${table.layout.rows} rows: about ${perGroup} ranges of ${range.name} per ${equal.map((f) => f.name).join(', ') || 'table'}, ${mean} long on average, in a span of ${room}; ask for at most ${most} rows, widen the range's from/to, or shorten its lengths`);
  }
  return {
    path,
    label: text,
    // The range moves first: another slot in the same room before another room.
    keys: [range, ...equal],
    filters: def.where ? fieldsOf(table, [def.where]) : [],
    space: Infinity,
    constraint: {
      path,
      label: text,
      start(): RowConstraintState {
        const taken = new Map<string, Intervals>();
        const read = (row: RowState) => {
          const group = groupOf(row);
          const value: Value = row.values[range.index];
          const bounds = group === undefined || typeof value !== 'string' ? undefined : rangeBounds(value);
          return bounds && { group: group!, lo: bounds.loIn ? bounds.lo : nextUp(bounds.lo), hi: bounds.hiIn ? nextUp(bounds.hi) : bounds.hi };
        };
        return {
          admits: (row) => {
            const r = read(row);
            return !r || r.hi <= r.lo || !taken.get(r.group)?.overlaps(r.lo, r.hi);
          },
          record: (row) => {
            const r = read(row);
            if (!r || r.hi <= r.lo) return;
            let intervals = taken.get(r.group);
            if (!intervals) taken.set(r.group, (intervals = new Intervals()));
            intervals.add(r.lo, r.hi);
          },
        };
      },
    },
  };
}

/** The next number up: an inclusive bound as the exclusive one just past it (ticks are whole numbers or ms). */
const nextUp = (n: number) => (Number.isInteger(n) ? n + 1 : n + Number.EPSILON * Math.max(1, Math.abs(n)));

/** Disjoint half-open intervals [lo, hi), sorted by start: an overlap test is one binary search. */
class Intervals {
  private starts: number[] = [];
  private ends: number[] = [];

  /** Index of the last interval starting before `x`, or -1. */
  private before(x: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  overlaps(lo: number, hi: number): boolean {
    const i = this.before(hi);
    return i >= 0 && this.ends[i] > lo;
  }

  add(lo: number, hi: number): void {
    const at = this.before(hi) + 1;
    this.starts.splice(at, 0, lo);
    this.ends.splice(at, 0, hi);
  }
}

/** Distinct values a field can take in this table (Infinity when unbounded): a ref's target rows, an enumerable generator's space. */
function spaceOf(env: BuildEnv, table: TablePlan, field: FieldPlan): number {
  if (field.ref) return field.ref.table.layout.rows;
  if (field.generator === 'ref' || FIXED.has(field.generator)) return Infinity;
  const options = canonicalValue(table.def.fields[field.index].options ?? {}) as Record<string, unknown>;
  const readsRow = Object.values(options).some((v) => typeof v === 'string' && /\{[A-Za-z_]/.test(v));
  if (readsRow) return Infinity;
  const space = field.def.space?.(options, { ...env.build, unique: false });
  return space ? space.size + (field.nullThreshold > 0 ? 1 : 0) : Infinity;
}

/** Whether re-drawing the field can change its value: not fixed by the row, its parent, or a permutation. */
function canVary(env: BuildEnv, table: TablePlan, field: FieldPlan): boolean {
  // A permuted reference picks its row by permutation; a permuted generator is made again by retries (see attach).
  if (FIXED.has(field.generator) || (field.uniqueStrategy.kind === 'permuted' && field.ref)) return false;
  if (field.ref?.via) return false;
  if (field.ref && !field.ref.match) {
    for (let t = table; t.layout.parent; ) {
      const parent = env.plan.table(t.layout.parent);
      if (parent === field.ref.table) return false;
      t = parent;
    }
  }
  // A component of a composite key may be made by a permutation of tuples (tuple-keys.ts), which ignores its draw.
  const composite = [...(table.keyFields.length > 1 ? [table.keyFields] : []), ...table.uniqueKeys];
  return !(field.uniqueStrategy.kind === 'none' && composite.some((k) => k.includes(field.name)));
}

/** Whether `from` reads `field`, directly or through other fields. */
function reads(table: TablePlan, from: FieldPlan, field: FieldPlan, seen = new Set<number>()): boolean {
  if (seen.has(from.index)) return false;
  seen.add(from.index);
  return from.dependsOn.some((d) => d === field.index || reads(table, table.fields[d], field, seen));
}

function attach(env: BuildEnv, table: TablePlan, rule: Rule): void {
  const rows = table.layout.rows;
  const all = [...new Set([...rule.keys, ...rule.filters])];
  if (!rule.filters.length && rule.space < rows) {
    throw badInput(rule.path, `${table.name}: ${rule.label} cannot hold for ${rows} rows: its key has only ${rule.space} distinct values; ask for at most ${rule.space} rows`);
  }
  // Fewer key values than rows: rows beyond them must leave a partial index, so its WHERE is re-drawn.
  const order = rule.space < rows ? [...rule.filters, ...rule.keys] : [...rule.keys, ...rule.filters];
  const usable = (f: FieldPlan) => canVary(env, table, f) && !all.some((o) => o !== f && reads(table, o, f));
  const target = order.find(usable);
  if (!target) {
    throw badInput(rule.path, `${table.name}: ${rule.label} reads only fields fixed by the row (${all.map((f) => f.name).join(', ')}: keys, sequences, parents, constants), so generation cannot keep it: change one of their generators`);
  }
  const distinctByRow = target.uniqueStrategy.kind === 'injective' && !!target.def.injective;
  if (target.uniqueStrategy.kind === 'permuted') {
    // Distinct values by permutation ignore the draw: the generator's own (unique) cell function is re-drawn instead.
    const options = canonicalValue(table.def.fields[target.index].options ?? {}) as Record<string, unknown>;
    target.produce = target.def.create(options, { ...env.build, unique: true });
    target.uniqueStrategy = { kind: 'retry' };
  }
  const strategy = target.uniqueStrategy;
  const constraints = [...(strategy.kind === 'retry' ? strategy.constraints ?? [] : []), rule.constraint];
  target.uniqueStrategy = { ...(strategy.kind === 'retry' ? strategy : { kind: 'retry' as const, ...(distinctByRow ? { distinctByRow } : {}) }), constraints };
  const others = all.filter((f) => f !== target).map((f) => f.index);
  target.dependsOn = [...new Set([...target.dependsOn, ...others])];
  target.emitter = undefined;
  if (target.nullThreshold > 0) nullsInDraw(target);
}

/**
 * A re-drawn field decides its NULLs in its own draw: a NULL cell skips the
 * cell function, and a retry must be able to turn NULL into a value (or a
 * `deleted_at` into NULL, to leave a partial index).
 */
function nullsInDraw(field: FieldPlan): void {
  const threshold = field.nullThreshold;
  const produce = field.produce;
  field.nullThreshold = 0;
  field.nullsInDraw = true;
  field.produce = (rng, row) => (rng.u32() < threshold ? null : produce(rng, row));
}
