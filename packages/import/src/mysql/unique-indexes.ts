/**
 * MySQL's unique keys as MySQL compares them. A key over a text column
 * under a case-insensitive collation (every default one: MySQL 8's
 * `utf8mb4_0900_ai_ci`, MariaDB's `utf8mb4_general_ci`) refuses `Ann` beside
 * `ann`, so such a key is also kept as a unique index over `lower(col)`;
 * `_bin`/`_cs` collations and binary types compare as written. Functional key
 * parts (`UNIQUE KEY ((lower(email)))`, MySQL 8.0.13+) are read by the same
 * reader as CHECKs.
 */
import type { CheckExpr } from '@seedbed/engine';
import type { TableModel } from '../schema-model';
import type { SkippedItem } from '../types';
import type { Json } from './types';
import { sqlparserCheck } from './check-expr';

const MYSQL = { pipesConcatenate: false };

/** A collation that compares as written: binary, or named `_bin` / `_cs`. */
export const isCaseSensitive = (collation: string | undefined): boolean => !!collation && /(^binary$|_bin$|_cs$)/i.test(collation);

/** The collation a column or table option names, if any. */
export function collationOf(options: Json[]): string | undefined {
  for (const option of options) {
    const collation = option?.Collation ?? (String(option?.KeyValue?.key?.value ?? '').toUpperCase().endsWith('COLLATE') ? [option.KeyValue.value] : undefined);
    if (collation) return String(collation.at(-1)?.Identifier?.value ?? collation.at(-1)?.value ?? '');
  }
  return undefined;
}

/** An index key part that is an expression (`(lower(email))`, parsed as Nested), as a CHECK tree; undefined for a column or a prefix. */
export function functionalPart(column: Json): CheckExpr | 'unreadable' | undefined {
  const expr = column?.column?.expr ?? column?.expr ?? column;
  if (!expr?.Nested) return undefined;
  return sqlparserCheck(expr.Nested, MYSQL) ?? 'unreadable';
}

/** A unique key with functional parts: kept as a unique index; a part that cannot be read drops the key with a word. */
export function functionalUnique(table: TableModel, columns: Json[], name: string | undefined, line: number, skipped: SkippedItem[]): boolean {
  const parts = columns.map(functionalPart);
  if (parts.every((p) => p === undefined)) return false;
  if (parts.includes('unreadable')) {
    skipped.push({ kind: 'index', name: name ?? table.name, reason: `line ${line}: a unique key over an expression Seedbed cannot read is not kept; generated rows may break it.` });
    return true;
  }
  const keys = parts.map((p, i): CheckExpr => (p === undefined ? { col: plainName(columns[i]) } : (p as CheckExpr)));
  const text = `UNIQUE KEY ${name ? `\`${name}\` ` : ''}(${keys.map(describe).join(', ')})`;
  (table.uniqueIndexes ??= []).push({ ...(name ? { name } : {}), text, line, keys });
  return true;
}

const plainName = (column: Json): string => {
  const expr = column?.column?.expr ?? column?.expr ?? column;
  return String(expr?.Identifier?.value ?? expr?.Function?.name?.at(-1)?.Identifier?.value ?? '');
};

const describe = (e: CheckExpr): string => ('col' in e ? e.col : 'lit' in e ? JSON.stringify(e.lit) : `${e.fn}(${e.args.map(describe).join(', ')})`);

/**
 * Each unique key (the primary key too) with a text column under a case-insensitive collation,
 * also as a unique index over its folded text (called once the table is read). A foreign-key
 * column is left as it is: its values are its parent's key, already distinct as folded there
 * (and a rule over columns the row takes from its parents could never be re-drawn for).
 */
export function foldCaseInsensitiveKeys(table: TableModel, caseSensitive: Set<string>, line: number): void {
  const referencing = new Set(table.foreignKeys.flatMap((fk) => fk.columns));
  for (const key of [...(table.primaryKey ? [table.primaryKey] : []), ...table.uniques]) {
    const folded = key.filter((name) => {
      const column = table.columns.find((c) => c.name === name);
      return column?.type.kind === 'text' && !column.type.arrayOf && !caseSensitive.has(name) && !referencing.has(name);
    });
    if (!folded.length) continue;
    const keys = key.map((name): CheckExpr => (folded.includes(name) ? { fn: 'lower', args: [{ col: name }] } : { col: name }));
    (table.uniqueIndexes ??= []).push({ text: `UNIQUE (${key.join(', ')}) under a case-insensitive collation`, line, keys });
  }
}
