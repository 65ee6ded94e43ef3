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

/**
 * Moments people expect in order, as chains of the words that name them:
 * an order is placed, then required, shipped, delivered; a rental is
 * returned after it starts, within days. Each later moment reads the nearest
 * earlier one of its row as its lower bound (`from: "{rental_date}"`), and
 * where the gap has a usual length, stays within it.
 */
const CHAINS: { steps: string[][]; withinDays?: number[] }[] = [
  { steps: [['rental', 'rented', 'checkout', 'borrowed', 'hire', 'hired', 'loan', 'loaned'], ['due'], ['return', 'returned', 'checkin']], withinDays: [14, 10] },
  { steps: [['order', 'ordered', 'placed', 'purchase', 'purchased'], ['required', 'due'], ['ship', 'shipped', 'dispatched'], ['delivered', 'delivery', 'received']], withinDays: [30, 10, 10] },
  { steps: [['issued', 'invoice', 'billed', 'issue'], ['due'], ['paid', 'settled']], withinDays: [30, 45] },
  { steps: [['created', 'registered', 'joined', 'signup', 'submitted', 'opened', 'requested', 'sent', 'invited', 'placed'], ['confirmed', 'accepted', 'approved', 'published', 'first', 'verified', 'activated', 'started'], ['updated', 'resolved', 'completed', 'solved', 'cancelled', 'canceled', 'read', 'delivered'], ['deleted', 'archived', 'closed']] },
  { steps: [['start', 'starts', 'started', 'begin', 'begins', 'from', 'since', 'sell'], ['end', 'ends', 'ended', 'finish', 'finished', 'until', 'to', 'stop', 'expires', 'expiry', 'discontinued']] },
  { steps: [['hire', 'hired', 'employed'], ['termination', 'terminated', 'left', 'term']] },
];

/** Where a column stands in a chain: the step its words name, and what it shares with other steps (`period_start`, `period_end`). */
function stepOf(words: string[], chain: string[][]): { step: number; rest: string } | undefined {
  for (let step = chain.length - 1; step >= 0; step--) {
    const at = words.findIndex((w) => chain[step].includes(w));
    if (at >= 0) return { step, rest: words.filter((_, i) => i !== at && !['at', 'on', 'date', 'time', 'timestamp', 'dt'].includes(words[i])).join(' ') };
  }
  return undefined;
}

export function orderTimestamps(decisions: BuiltField[]): void {
  const moments = decisions.filter((d) => d.column.type.kind === 'date' || d.column.type.kind === 'timestamp');
  for (const d of moments) {
    if (d.field.generator !== 'date.between' || String(d.field.options?.from ?? '').startsWith('{')) continue;
    const words = nameTokens(d.column.name);
    for (const { steps, withinDays } of CHAINS) {
      const own = stepOf(words, steps);
      if (!own || own.step === 0) continue;
      // The nearest earlier step present in the row, preferring one that shares the column's other words.
      const earlier = moments
        .filter((m) => m !== d && m.field.generator === 'date.between' && !String(m.field.options?.from ?? '').includes(`{${d.column.name}}`))
        .map((m) => ({ m, at: stepOf(nameTokens(m.column.name), steps) }))
        .filter((x): x is { m: BuiltField; at: { step: number; rest: string } } => !!x.at && x.at.step < own.step)
        // A moment that may be NULL bounds nothing on the rows where it is: the nearest one always present comes first.
        .sort((a, b) => Number(b.at.rest === own.rest) - Number(a.at.rest === own.rest) || Number(!b.m.field.nullRate) - Number(!a.m.field.nullRate) || b.at.step - a.at.step)[0];
      if (!earlier || (earlier.at.rest !== own.rest && own.rest !== '' && earlier.at.rest !== '')) continue;
      const days = withinDays?.slice(earlier.at.step, own.step).reduce((a, b) => a + b, 0);
      d.field.options = { ...d.field.options, from: `{${earlier.m.column.name}}`, ...(days ? { withinDays: days } : {}) };
      d.decision.reason += `; after ${earlier.m.column.name}${days ? `, within ${days} days` : ''}`;
      break;
    }
  }
}
