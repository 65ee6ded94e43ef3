/**
 * Composite keys (`primaryKey` as a list, table `unique`): the tuple of their
 * fields is distinct over the table. Three ways, tried in this order:
 *
 * 1. Per parent: a table sized per parent whose key holds the ref to that
 *    parent (a junction table such as `film_actor(film_id, actor_id)` sized
 *    per film). Within one parent, the other components are drawn without
 *    replacement: child k of parent p takes tuple index perm_p(k), a keyed
 *    permutation per parent over the product of their value spaces (rows of
 *    the referenced tables, enumerable generator values). Distinct by
 *    construction, existing parents only, any row computable alone.
 * 2. Whole table: every component has a finite space; row i takes tuple
 *    perm(i) over the product of the spaces.
 * 3. Otherwise (a component without an enumerable space, such as a name):
 *    retry-unique over the tuple on the last component that is not fixed by
 *    the parent chain, as single unique fields retry.
 * A key with one component already distinct on its own needs nothing.
 * Rows asked for beyond the tuple space are refused before generation.
 */
import { KeyedPermutation } from '../random/permutation';
import { streamKey, mix32, type StreamKey } from '../random/hash';
import { canonicalValue } from '../document/canonical';
import { isPerParent } from '../document/types';
import { badInput } from '../errors';
import { maxChildren, PerParentLayout } from './layout';
import { followsParentChain } from './parent-chain';
import { fieldRefsIn, isLiteralOption } from './option-refs';
import type { Value, ValueSpace } from '../generators/types';
import type { BuildEnv } from './build-field';
import type { FieldPlan, RowState, TablePlan } from './types';

/** Tuple spaces up to this size are permuted; KeyedPermutation is exact below 2^52. */
const MAX_TUPLE_SPACE = 2 ** 52;
/** Generators whose value never repeats within a table, whatever the options. */
const ALWAYS_DISTINCT = new Set(['sequence', 'uuid']);
/** Generators whose value a re-draw does not change. */
const FIXED_BY_ROW = new Set(['constant', 'formula', 'template']);

interface Component {
  field: FieldPlan;
  space: ValueSpace;
  /** Sets the cell from a space index (a ref also records the parent row it chose). */
  produce(index: number, row: RowState): Value;
}

export function applyTupleKeys(env: BuildEnv, table: TablePlan): void {
  const keys: { names: string[]; path: string }[] = [];
  if (table.keyFields.length > 1) keys.push({ names: table.keyFields, path: `tables[${table.index}].primaryKey` });
  table.uniqueKeys.forEach((names, u) => keys.push({ names, path: `tables[${table.index}].unique[${u}]` }));
  const claimed = new Set<FieldPlan>();
  for (const key of keys) {
    const fields = key.names.map((n) => table.fieldByName.get(n)!);
    if (fields.some((f) => f.unique || ALWAYS_DISTINCT.has(f.generator))) continue;
    if (fields.some((f) => claimed.has(f))) {
      retryOverTuple(env, table, fields, key.path);
      continue;
    }
    if (permuteTuple(env, table, fields)) fields.forEach((f) => claimed.add(f));
    else retryOverTuple(env, table, fields, key.path);
  }
}

/** Ways 1 and 2; false when some component has no finite space. */
function permuteTuple(env: BuildEnv, table: TablePlan, fields: FieldPlan[]): boolean {
  const layout = table.layout;
  const anchor = layout instanceof PerParentLayout ? fields.find((f) => f.ref?.table.name === layout.parent && followsParentChain(env.plan, table, f)) : undefined;
  // Refs that follow the parent chain are fixed by the row's parent: they do not vary within it.
  const chained = new Set(fields.filter((f) => followsParentChain(env.plan, table, f)));
  if (chained.size && !anchor) return false;
  const free = fields.filter((f) => !chained.has(f));
  const components: Component[] = [];
  for (const field of free) {
    const component = componentOf(env, table, field);
    if (!component) return false;
    components.push(component);
  }
  const size = components.reduce((n, c) => n * c.space.size, 1);
  if (size > MAX_TUPLE_SPACE) return false;
  const names = `(${fields.map((f) => f.name).join(', ')})`;
  const varying = components.map((c) => c.field.name).join(', ');
  const key = streamKey(env.plan.seed, table.key, fields.map((f) => f.key).join(','), 'tuple-permutation');

  let tupleIndex: (row: RowState) => number;
  if (anchor && layout instanceof PerParentLayout && isPerParent(table.def.rows)) {
    const most = maxChildren(table.def.rows);
    if (most > size) {
      throw badInput(
        `tables[${table.index}].rows`,
        components.length === 0
          ? `${table.name} can have up to ${most} rows per ${layout.parent} row, but its key ${names} is the same for every row of one ${layout.parent}: set rows.max to 1`
          : `${table.name} can have up to ${most} rows per ${layout.parent} row, but its key ${names} has only ${size} distinct (${varying}) for each: lower rows.max to ${size} or add rows to what ${varying} reference`,
      );
    }
    tupleIndex = perParentIndex(layout, size, key);
  } else {
    const rows = layout.rows;
    if (rows > size) {
      throw badInput(`tables[${table.index}].rows`, `${table.name} has ${rows} rows, but its key ${names} has only ${size} distinct tuples: ask for at most ${size} rows`);
    }
    const permutation = new KeyedPermutation(Math.max(1, size), key);
    tupleIndex = (row) => permutation.permute(row.index);
  }
  decodeInto(components, tupleIndex);
  return true;
}

/** Child k of parent p → perm_p(k): one permutation per parent, kept while rows of that parent follow each other. */
function perParentIndex(layout: PerParentLayout, size: number, key: StreamKey): (row: RowState) => number {
  let parent = -1;
  let permutation: KeyedPermutation | undefined;
  return (row) => {
    const p = layout.parentOf(row.index);
    if (p !== parent || !permutation) {
      parent = p;
      const low = p % 4294967296;
      const high = Math.floor(p / 4294967296);
      permutation = new KeyedPermutation(Math.max(1, size), { k0: mix32(key.k0 ^ low), k1: mix32(key.k1 ^ mix32(high + 0x632be5ab)) });
    }
    return permutation.permute(layout.rankInParent(row.index));
  };
}

/** Gives each component its digit of the row's tuple index (mixed radix, the last component varying fastest). */
function decodeInto(components: Component[], tupleIndex: (row: RowState) => number): void {
  // All components of a row read one index: computed once per row.
  let lastRow = -1;
  let lastTable: RowState | undefined;
  const digits = new Array<number>(components.length).fill(0);
  const digitsOf = (row: RowState) => {
    if (row.index !== lastRow || row !== lastTable) {
      let x = tupleIndex(row);
      for (let c = components.length - 1; c >= 0; c--) {
        const n = components[c].space.size;
        digits[c] = x % n;
        x = Math.floor(x / n);
      }
      lastRow = row.index;
      lastTable = row;
    }
    return digits;
  };
  components.forEach((component, c) => {
    const { field } = component;
    field.produce = (_rng, row) => component.produce(digitsOf(row)[c], row);
    // Cell writers draw the generator's own values, not the tuple's.
    field.emitter = undefined;
  });
}

/** A key component with a finite, indexable space: a ref (rows of its table) or a generator with `space`. */
function componentOf(env: BuildEnv, table: TablePlan, field: FieldPlan): Component | undefined {
  // A column of a composite reference, or a pick within a tenant: its values depend on the row, no fixed space.
  if (field.ref?.via || field.ref?.match) return undefined;
  if (field.ref) {
    const target = field.ref;
    const reader = env.reader(target.table);
    const keyIndex = target.field.index;
    const slot = field.index;
    return {
      field,
      space: { size: target.table.layout.rows, at: (i) => i },
      produce: (i, row) => {
        row.refRows[slot] = i;
        return reader.cell(keyIndex, i);
      },
    };
  }
  const options = canonicalValue(table.def.fields[field.index].options ?? {});
  const readsRow = Object.entries(options).some(([name, v]) => !isLiteralOption(field.generator, name) && fieldRefsIn(v).length > 0);
  if (readsRow || field.generator === 'formula') return undefined;
  const space = field.def.space?.(options, { ...env.build, unique: false });
  if (!space || space.size < 1) return undefined;
  return { field, space, produce: (i) => space.at(i) };
}

/** Way 3: retry the last component that can vary, comparing whole tuples. */
function retryOverTuple(env: BuildEnv, table: TablePlan, fields: FieldPlan[], path: string): void {
  // A ref along the parent chain is fixed by the row: re-drawing it changes nothing. Of the others, the
  // one with the most values is re-drawn (a timestamp rather than one of three actors), the last on a tie.
  // Constants, formulas and templates are fixed by the row too.
  const canVary = (f: FieldPlan) => !FIXED_BY_ROW.has(f.generator) && !f.ref?.via && !followsParentChain(env.plan, table, f);
  const sizes = new Map(fields.filter(canVary).map((f) => [f, spaceSize(env, table, f)]));
  let target = fields[fields.length - 1];
  for (const [f, size] of sizes) if (size >= (sizes.get(target) ?? -1)) target = f;
  if (target.uniqueStrategy.kind !== 'none') throw badInput(path, `fields of this key already make another key distinct; it cannot also be made distinct here`);
  const others = fields.filter((f) => f !== target).map((f) => f.index);
  target.uniqueStrategy = { kind: 'retry', tuple: others };
  target.dependsOn = [...new Set([...target.dependsOn, ...others])];
  target.emitter = undefined;
}

/** How many values a field can take, Infinity when its generator has no enumerable space. */
function spaceSize(env: BuildEnv, table: TablePlan, field: FieldPlan): number {
  if (field.ref) return field.ref.table.layout.rows;
  return componentOf(env, table, field)?.space.size ?? Infinity;
}

