/**
 * SQLite's unique indexes as the catalog describes them: key columns with
 * their collation (`pragma_index_xinfo`: `NOCASE` makes `Ann` and `ann` one
 * key, so the key becomes `lower(col)`), expressions (`cid` -2, read from the
 * index's own SQL) and partial indexes (`CREATE UNIQUE INDEX … WHERE …`).
 * Expressions and predicates are read by PostgreSQL's parser, as CHECKs are.
 */
import type { CheckExpr } from '@seedbed/engine';
import type { CheckModel, TableModel } from '../schema-model';
import type { SkippedItem } from '../types';
import { isWord, tokenize, type Token } from './tokenize';

type Row = Record<string, string | number | null>;

export interface SqliteIndex {
  name: string;
  /** `pragma_index_xinfo` rows of the key (key = 1), in order. */
  keys: Row[];
  /** The CREATE INDEX text; none for the indexes UNIQUE constraints make. */
  sql?: string;
  partial: boolean;
  /** `line 12`, when the index was written as a statement. */
  where?: string;
}

/** Reads an expression's tokens as the schema model's CHECK would (undefined expr when it cannot). */
export type ExpressionReader = (tokens: Token[], text: string) => CheckModel;

const skip = (skipped: SkippedItem[], index: SqliteIndex, why: string) =>
  skipped.push({ kind: 'index', name: index.name, reason: `${index.where ? `${index.where}: ` : ''}${why}; generated rows may break it.` });

export function readSqliteUniqueIndex(table: TableModel, index: SqliteIndex, read: ExpressionReader, skipped: SkippedItem[]): void {
  const tokens = index.sql ? tokenize(index.sql) : [];
  const parts = tokens.length ? keyItems(tokens) : [];
  const keys: CheckExpr[] = [];
  for (const [k, key] of index.keys.entries()) {
    const column = key.name === null ? undefined : String(key.name);
    let part: CheckExpr | undefined = column === undefined ? undefined : { col: column };
    if (!part) {
      const item = parts[k];
      part = item && read(item, index.sql!.slice(item[0].start, item.at(-1)!.end)).expr;
      if (!part) return void skip(skipped, index, 'a unique index over an expression Seedbed cannot read is not kept');
    }
    keys.push(String(key.coll).toUpperCase() === 'NOCASE' ? { fn: 'lower', args: [part] } : part);
  }
  let where: CheckExpr | undefined;
  if (index.partial) {
    const at = tokens.findIndex((t, i) => isWord(t, 'WHERE') && depthAt(tokens, i) === 0);
    const predicate = at < 0 ? [] : tokens.slice(at + 1).filter((t) => t.text !== ';');
    where = predicate.length ? read(predicate, index.sql!.slice(predicate[0].start, predicate.at(-1)!.end)).expr : undefined;
    if (!where) return void skip(skipped, index, 'the WHERE of this partial unique index cannot be read, so it is not kept');
  }
  const plain = keys.every((k) => 'col' in k) ? keys.map((k) => (k as { col: string }).col) : undefined;
  if (plain && !where) return void table.uniques.push(plain);
  // A key folded by NOCASE is a key as written too: the column stays unique, and the folded index is held on top.
  if (!where) {
    const folded = keys.map((k) => ('col' in k ? k.col : 'fn' in k && k.fn === 'lower' && k.args.length === 1 && 'col' in k.args[0] ? k.args[0].col : undefined));
    if (folded.every((c): c is string => c !== undefined)) table.uniques.push(folded);
  }
  const text = index.sql ? index.sql.replace(/\s+/g, ' ').trim() : `UNIQUE (${index.keys.map((k) => `${k.name} COLLATE ${k.coll}`).join(', ')})`;
  const line = Number(/\d+/.exec(index.where ?? '')?.[0]) || undefined;
  (table.uniqueIndexes ??= []).push({ name: index.name, text: text.length > 4000 ? `${text.slice(0, 3999)}…` : text, ...(line ? { line } : {}), keys, ...(where ? { where } : {}) });
}

/** Parenthesis depth before token `i`. */
function depthAt(tokens: Token[], i: number): number {
  let depth = 0;
  for (let k = 0; k < i; k++) {
    if (tokens[k].text === '(') depth++;
    else if (tokens[k].text === ')') depth--;
  }
  return depth;
}

/** The key items of `CREATE UNIQUE INDEX name ON t (a COLLATE NOCASE, lower(b) DESC)`, without their COLLATE and ASC/DESC. */
function keyItems(tokens: Token[]): Token[][] {
  const on = tokens.findIndex((t) => isWord(t, 'ON'));
  const open = tokens.findIndex((t, i) => i > on && t.text === '(');
  if (on < 0 || open < 0) return [];
  const items: Token[][] = [];
  let current: Token[] = [];
  let depth = 0;
  for (let i = open + 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text === '(') depth++;
    if (t.text === ')' && depth-- === 0) break;
    if (t.text === ',' && depth === 0) {
      items.push(current);
      current = [];
    } else current.push(t);
  }
  items.push(current);
  return items.map((item) => {
    let end = item.length;
    if (end && (isWord(item[end - 1], 'ASC') || isWord(item[end - 1], 'DESC'))) end--;
    const collate = item.findIndex((t, i) => i < end && isWord(t, 'COLLATE'));
    return item.slice(0, collate >= 0 ? collate : end);
  });
}
