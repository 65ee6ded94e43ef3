/**
 * Unique indexes and exclusion constraints of a pg_dump, read from the
 * parser's tree: `CREATE UNIQUE INDEX … (lower(email)) WHERE deleted_at IS
 * NULL`, `UNIQUE NULLS NOT DISTINCT (a, b)`, `EXCLUDE USING gist (room_id
 * WITH =, during WITH &&)`. Key parts and predicates become CHECK trees
 * (check-expr.ts), which the engine evaluates per row; what it cannot read
 * is skipped with its line, as an unreadable CHECK is.
 */
import type { CheckExpr } from '@seedbed/engine';
import type { SkippedItem } from '../types';
import type { TableModel } from '../schema-model';
import { caseFolded, type Node } from './ast';
import { pgCheck } from './check-expr';

/** Where an index or constraint was written: its text for messages and its line. */
export interface Written {
  text: string;
  line?: number;
  where: string;
}

const skip = (skipped: SkippedItem[], name: string, at: Written, why: string) =>
  skipped.push({ kind: 'index', name, reason: `${at.where}: ${why}; generated rows may break it.` });

/** The key parts of an index: `{col}` for a column, the expression's tree otherwise; undefined when one cannot be read. */
function keyParts(elements: Node[]): CheckExpr[] | undefined {
  const parts: CheckExpr[] = [];
  for (const element of elements) {
    const e = element?.IndexElem;
    const part: CheckExpr | undefined = e?.name ? { col: e.name } : e?.expr ? pgCheck(e.expr) : undefined;
    if (!part) return undefined;
    parts.push(part);
  }
  return parts;
}

/**
 * `CREATE UNIQUE INDEX` or a `UNIQUE [NULLS NOT DISTINCT]` constraint. Plain
 * columns stay the table's unique keys (the engine builds those by
 * construction); `lower(col)` keeps `col` unique too (values distinct folded
 * are distinct as written) and adds the index; a partial or expression index
 * is kept as a unique index of the document.
 */
export function readUniqueIndex(table: TableModel, body: { name?: string; elements?: Node[]; keys?: string[]; whereClause?: Node; nullsNotDistinct?: boolean }, at: Written, skipped: SkippedItem[]): void {
  const name = body.name ?? table.name;
  const keys = body.keys ? body.keys.map((col): CheckExpr => ({ col })) : keyParts(body.elements ?? []);
  if (!keys?.length) return void skip(skipped, name, at, 'a unique index over an expression Seedbed cannot read is not kept');
  const where = body.whereClause ? pgCheck(body.whereClause) : undefined;
  if (body.whereClause && !where) return void skip(skipped, name, at, 'the WHERE of this partial unique index cannot be read, so it is not kept');
  const plain = keys.every((k) => 'col' in k) ? keys.map((k) => (k as { col: string }).col) : undefined;
  const index = { ...(body.name ? { name: body.name } : {}), text: at.text, ...(at.line ? { line: at.line } : {}), keys, ...(where ? { where } : {}), ...(body.nullsNotDistinct ? { nullsNotDistinct: true } : {}) };
  if (plain && !where) {
    table.uniques.push(plain);
    // NULLS NOT DISTINCT over columns: kept as a key, whose columns the import then makes NOT NULL.
    if (body.nullsNotDistinct) (table.uniqueIndexes ??= []).push(index);
    return;
  }
  const folded = keys.length === 1 && !where ? caseFolded((body.elements ?? [])[0]?.IndexElem?.expr) : undefined;
  if (folded) table.uniques.push([folded]);
  (table.uniqueIndexes ??= []).push(index);
}

/** `EXCLUDE USING gist (room_id WITH =, during WITH &&) [WHERE (…)]`: columns compared with `=`, one range with `&&`. */
export function readExclusion(table: TableModel, c: Node, at: Written, skipped: SkippedItem[]): void {
  const name = c.conname ?? `${table.name} exclusion`;
  const equal: string[] = [];
  const overlap: string[] = [];
  for (const pair of (c.exclusions ?? []) as Node[]) {
    const [element, ops] = pair?.List?.items ?? [];
    const column = element?.IndexElem?.name;
    const op = ops?.List?.items?.[0]?.String?.sval;
    if (!column || (op !== '=' && op !== '&&')) return void skip(skipped, name, at, `an exclusion constraint over ${column ? `"${column}" WITH ${op}` : 'an expression'} is not kept (only columns WITH = and one range WITH &&)`);
    (op === '=' ? equal : overlap).push(column);
  }
  if (overlap.length !== 1) return void skip(skipped, name, at, `an exclusion constraint with ${overlap.length} ranges WITH && is not kept (one range is)`);
  const where = c.where_clause ? pgCheck(c.where_clause) : undefined;
  if (c.where_clause && !where) return void skip(skipped, name, at, 'the WHERE of this exclusion constraint cannot be read, so it is not kept');
  (table.exclusions ??= []).push({ ...(c.conname ? { name: c.conname } : {}), text: at.text, ...(at.line ? { line: at.line } : {}), equal, overlap: overlap[0], ...(where ? { where } : {}) });
}

/**
 * A table constraint's text from where it starts to the `,` or `)` that ends
 * it inside CREATE TABLE (or the statement's end), outside quotes and
 * parentheses, on one line.
 */
export function constraintText(rest: string): string {
  let depth = 0;
  let quote = '';
  let end = rest.length;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) {
      end = i;
      break;
    } else if ((ch === ',' || ch === ';') && depth === 0) {
      end = i;
      break;
    }
  }
  const text = rest.slice(0, end).replace(/\s+/g, ' ').trim().replace(/^CONSTRAINT\s+("[^"]*"|\S+)\s+/i, '');
  return text.length > 4000 ? `${text.slice(0, 3999)}…` : text;
}
