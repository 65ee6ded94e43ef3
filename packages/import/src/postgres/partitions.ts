/**
 * A partitioned table is imported once, as its parent; its rows must still
 * land in some partition, or the load fails ("no partition of relation
 * found for row"). The partitions' bounds become a check on the parent's
 * key column: the span of the range partitions, or the union of the list
 * ones. A default partition takes anything, so it lifts the check.
 */
import type { CheckExpr } from '@seedbed/engine';
import type { CheckModel, CheckRule, CheckValue } from '../schema-model';
import { constValue, type Node } from './ast';

export interface PartitionKey {
  strategy: 'range' | 'list' | 'other';
  columns: string[];
}

export function partitionKeyOf(partspec: Node): PartitionKey {
  const columns = ((partspec?.partParams ?? []) as Node[]).map((p) => p.PartitionElem?.name as string | undefined);
  const strategy = partspec?.strategy === 'PARTITION_STRATEGY_RANGE' ? 'range' : partspec?.strategy === 'PARTITION_STRATEGY_LIST' ? 'list' : 'other';
  return { strategy, columns: columns.every((c) => c) ? (columns as string[]) : [] };
}

/** The check the partitions' bounds add to the parent, or undefined when they allow anything (or cannot be read). */
export function partitionCheck(key: PartitionKey, bounds: Node[]): CheckModel | undefined {
  if (key.columns.length !== 1 || bounds.length === 0 || bounds.some((b) => b?.is_default)) return undefined;
  const [column] = key.columns;
  if (key.strategy === 'list') {
    const values = bounds.flatMap((b) => ((b.listdatums ?? []) as Node[]).map((d) => constValue(d)));
    if (values.some((v) => v === undefined)) return undefined;
    const list = values as CheckValue[];
    return { name: 'partitions', rules: [{ kind: 'in', column, values: list }], text: `${column} IN (the partitions' lists)`, expr: { fn: 'in', args: [{ col: column }, ...list.map((lit) => ({ lit }))] } };
  }
  if (key.strategy !== 'range') return undefined;
  let lower: CheckValue | undefined;
  let upper: CheckValue | undefined;
  let unboundedLow = false;
  let unboundedHigh = false;
  for (const b of bounds) {
    const low = constValue(b.lowerdatums?.[0]);
    const high = constValue(b.upperdatums?.[0]);
    if (low === undefined) unboundedLow = true;
    else if (lower === undefined || low < lower) lower = low;
    if (high === undefined) unboundedHigh = true;
    else if (upper === undefined || high > upper) upper = high;
  }
  const rules: CheckRule[] = [];
  if (!unboundedLow && lower !== undefined) rules.push({ kind: 'compare', column, op: '>=', value: lower });
  if (!unboundedHigh && upper !== undefined) rules.push({ kind: 'compare', column, op: '<', value: upper });
  if (!rules.length) return undefined;
  const parts: CheckExpr[] = rules.map((r) => ({ fn: (r as { op: '>=' | '<' }).op, args: [{ col: column }, { lit: (r as { value: CheckValue }).value }] }));
  return { name: 'partitions', rules, text: `${column} within the partitions' ranges (${lower ?? '…'} to ${upper ?? '…'})`, expr: parts.length === 1 ? parts[0] : { fn: 'and', args: parts } };
}
