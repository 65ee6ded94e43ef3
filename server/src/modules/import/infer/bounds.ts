/**
 * Bounds one column reads from another of its row: a CHECK comparing two
 * columns (`return_date >= rental_date` → `{rental_date}` as the lower
 * bound, exclusive for `>`), and the moments people expect in order
 * (`updated_at` after `created_at`, `end_date` after `start_date`).
 */
import type { CheckRule, ColumnModel, TableModel } from '../schema-model';
import type { ImportDecision, SkippedItem } from '../types';
import type { FieldOut } from './document';
import { nameTokens } from './name-tokens';

export interface BuiltField {
  field: FieldOut;
  decision: ImportDecision;
  column: ColumnModel;
}

/** `return_date >= rental_date` → return_date's lower bound reads `{rental_date}`. */
export function applyPairRules(rules: { rule: CheckRule; text: string }[], decisions: BuiltField[], table: TableModel): void {
  const byName = new Map(decisions.map((d) => [d.column.name, d]));
  const bounded = new Set<string>();
  for (const { rule, text } of rules) {
    if (rule.kind !== 'columns') continue;
    const left = byName.get(rule.left);
    const right = byName.get(rule.right);
    const pair = [rule.left, rule.right].sort().join('\u0000');
    const side = rule.op === '>' || rule.op === '>=' ? 'lower' : 'upper';
    // Pairs it cannot bound (two texts, a key) are held by the CHECK itself on every row.
    if (!left || !right || bounded.has(pair) || !setBound(left, side, rule.right, rule.op === '>' || rule.op === '<')) continue;
    bounded.add(pair);
    left.decision.reason += `; ${rule.op === '>' || rule.op === '>=' ? 'after' : 'before'} ${rule.right}, as its CHECK requires`;
  }
}

function setBound(target: BuiltField, side: 'lower' | 'upper', other: string, strict: boolean): boolean {
  const { field, column } = target;
  const kind = column.type.kind;
  const reference = `{${other}}`;
  if (kind === 'date' || kind === 'timestamp') {
    if (field.generator !== 'date.between') {
      field.generator = 'date.between';
      field.options = { from: '2020-01-01', to: '2025-12-31', ...(kind === 'date' ? { dateOnly: true } : {}) };
    }
    field.options = { ...field.options, [side === 'lower' ? 'from' : 'to']: reference, ...(strict ? { [side === 'lower' ? 'fromExclusive' : 'toExclusive']: true } : {}) };
  } else if (kind === 'integer' || kind === 'decimal' || kind === 'float') {
    if (field.generator !== 'number.int' && field.generator !== 'number.float') {
      field.generator = kind === 'integer' ? 'number.int' : 'number.float';
      field.options = kind === 'integer' ? { min: 0, max: 1000 } : { min: 0, max: 1000, fractionDigits: column.type.scale ?? 2 };
    }
    field.options = { ...field.options, [side === 'lower' ? 'min' : 'max']: reference, ...(strict ? { [side === 'lower' ? 'minExclusive' : 'maxExclusive']: true } : {}) };
  } else {
    return false;
  }
  target.decision.generator = field.generator;
  return true;
}

/** `updated_at` after `created_at`, `end_date` after `start_date`: later moments read the earlier one as their lower bound. */
export function orderTimestamps(decisions: BuiltField[]): void {
  const moments = decisions.filter((d) => d.column.type.kind === 'date' || d.column.type.kind === 'timestamp');
  const created = moments.find((d) => nameTokens(d.column.name).includes('created'));
  for (const d of moments) {
    const words = nameTokens(d.column.name);
    if (d.field.generator !== 'date.between' || String(d.field.options?.from ?? '').startsWith('{')) continue;
    let earlier: typeof d | undefined;
    if (created && d !== created && words.some((w) => ['updated', 'deleted', 'archived', 'closed', 'completed', 'resolved'].includes(w))) earlier = created;
    const end = words.findIndex((w) => ['end', 'finish', 'until', 'to', 'stop'].includes(w));
    if (!earlier && end >= 0) {
      const rest = words.filter((_, i) => i !== end).join(' ');
      earlier = moments.find((m) => {
        const w = nameTokens(m.column.name);
        const start = w.findIndex((x) => ['start', 'begin', 'from'].includes(x));
        return start >= 0 && w.filter((_, i) => i !== start).join(' ') === rest;
      });
    }
    if (!earlier || earlier.field.generator !== 'date.between' || String(earlier.field.options?.from ?? '').includes(`{${d.column.name}}`)) continue;
    d.field.options = { ...d.field.options, from: `{${earlier.column.name}}` };
    d.decision.reason += `; after ${earlier.column.name}`;
  }
}
