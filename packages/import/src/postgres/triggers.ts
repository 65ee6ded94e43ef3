/**
 * What a PostgreSQL schema fills by itself: a trigger function's INSERTs
 * (read with PostgreSQL's own PL/pgSQL parser, then each statement with its
 * SQL parser), and the foreign keys a dump declares on partitions rather
 * than on the partitioned table (Pagila's payment), which the parent keeps.
 */
import { parsePlPgSQLSync, parseSync } from 'libpg-query';
import type { TableModel } from '../schema-model';
import type { Node } from './ast';

/** CREATE TRIGGER's `events` bit for INSERT (TRIGGER_TYPE_INSERT). */
export const TRIGGER_ON_INSERT = 1 << 2;

/** The tables (`schema.name` or `name`) the INSERT statements of a CREATE FUNCTION's PL/pgSQL body write into. */
export function insertTargets(createFunction: string): string[] {
  let parsed: Node;
  try {
    parsed = parsePlPgSQLSync(createFunction);
  } catch {
    // Not PL/pgSQL (SQL functions, C), or a body its parser refuses: it fills nothing we can tell.
    return [];
  }
  const queries: string[] = [];
  const visit = (n: Node) => {
    if (Array.isArray(n)) n.forEach(visit);
    else if (n && typeof n === 'object') {
      const query = n.PLpgSQL_stmt_execsql?.sqlstmt?.PLpgSQL_expr?.query;
      if (typeof query === 'string') queries.push(query);
      for (const v of Object.values(n)) visit(v);
    }
  };
  visit(parsed);
  const targets: string[] = [];
  for (const query of queries) {
    try {
      for (const s of parseSync(query).stmts ?? []) {
        const relation = (s.stmt as Node)?.InsertStmt?.relation;
        if (relation?.relname) targets.push(relation.schemaname ? `${relation.schemaname}.${relation.relname}` : relation.relname);
      }
    } catch {
      // A statement with PL/pgSQL variables in odd places: not an INSERT we can read.
    }
  }
  return [...new Set(targets)];
}

/** A partition's foreign keys the parent lacks: the rows the parent's blueprint makes go into the partitions (its CHECKs stay its own: they may bound one partition only). */
export function adoptPartitionKeys(parent: TableModel, child: TableModel): void {
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);
  for (const fk of child.foreignKeys) {
    if (parent.foreignKeys.some((p) => same(p.columns, fk.columns) && p.table === fk.table && p.schema === fk.schema)) continue;
    if (!fk.columns.every((c) => parent.columns.some((col) => col.name === c))) continue;
    parent.foreignKeys.push(fk);
  }
}
