/**
 * References found in a sample's values: a column named like `userId`,
 * `user_id` or `author` whose values are all keys of another table points at
 * it. A name is required as well as the values (a `rating` of 1–5 is inside
 * `users.id` 1–10 by chance, not by design).
 */
import { PERSON_TABLES } from '../infer/name-rules';
import { singular } from '../infer/name-tokens';
import type { SampleTable } from './sample-tables';

export interface FoundRef {
  table: string;
  column: string;
  target: string;
  /** The target's key column. */
  key: string;
  confidence: number;
  reason: string;
}

/** Columns that name a person by their role, pointing at a table of people. */
const PERSON_ROLES = new Set(['author', 'owner', 'creator', 'assignee', 'reporter', 'sender', 'recipient', 'customer', 'buyer', 'seller', 'member', 'user', 'manager', 'editor', 'reviewer', 'agent']);

/** The name a reference column points by: `userId` → `user`, `user_id` → `user`, `author` → `author`. */
export function referencedName(column: string): { base: string; explicit: boolean } {
  const m = /^(.+?)_?(id|Id|ID|_key|Key)$/.exec(column);
  if (m && m[1] !== '') return { base: m[1].replace(/_$/, '').toLowerCase(), explicit: true };
  return { base: column.toLowerCase(), explicit: false };
}

/** The table's key column: `id` (or `_id`, `uuid`, `key`) whose values are all distinct. */
export function keyColumnOf(table: SampleTable): string | undefined {
  for (const name of ['id', 'ID', 'Id', '_id', 'uuid', 'key']) {
    const stats = table.columns.get(name);
    if (stats?.unique && stats.present === table.rows) return name;
  }
  return undefined;
}

function namesMatch(base: string, table: string): boolean {
  const t = singular(table.toLowerCase());
  const b = singular(base);
  return b === t || b.replace(/_/g, '') === t.replace(/_/g, '');
}

export function findReferences(tables: Map<string, SampleTable>): FoundRef[] {
  const keys = new Map<string, { key: string; values: Set<string> }>();
  for (const table of tables.values()) {
    const key = keyColumnOf(table);
    if (key) keys.set(table.name, { key, values: new Set(table.columns.get(key)!.distinct.keys()) });
  }
  const found: FoundRef[] = [];
  for (const table of tables.values()) {
    for (const [column, stats] of table.columns) {
      if (table.parent?.column === column || column === keyColumnOf(table) || stats.overflow || !stats.present) continue;
      const { base, explicit } = referencedName(column);
      for (const [target, { key, values }] of keys) {
        const byName = namesMatch(base, target);
        const byRole = !byName && PERSON_ROLES.has(base) && PERSON_TABLES.has(singular(target.toLowerCase()));
        if (!byName && !byRole) continue;
        if (![...stats.distinct.keys()].every((v) => values.has(v))) continue;
        found.push({
          table: table.name,
          column,
          target,
          key,
          confidence: byName && explicit ? 0.95 : 0.8,
          reason: `every value of ${column} is a ${target}.${key}${byName ? '' : ` and "${column}" names a person`}`,
        });
        break;
      }
    }
  }
  return found;
}

/** Children per parent key, counting parents without children as zero: the input to the count fit. */
export function childCountsOf(child: SampleTable, column: string, parent: SampleTable): Map<number, number> {
  const stats = child.columns.get(column)!;
  const lengths = new Map<number, number>();
  for (const count of stats.distinct.values()) lengths.set(count, (lengths.get(count) ?? 0) + 1);
  const zero = parent.rows - stats.distinct.size;
  if (zero > 0) lengths.set(0, (lengths.get(0) ?? 0) + zero);
  return lengths;
}
