/**
 * The catalog answers in SQL text (`format_type`, `pg_get_constraintdef`,
 * `pg_get_expr`); PostgreSQL's parser reads it back into the same nodes a
 * dump gives, so a live database and its pg_dump import alike.
 */
import { parseSync } from 'libpg-query';
import { columnType, type Node } from '../postgres/ast';
import { pgCheckModel } from '../postgres/check-expr';
import { partitionKeyOf, type PartitionKey } from '../postgres/partitions';
import type { CheckModel, ColumnType } from '../schema-model';

const firstStatement = (sql: string): Node => parseSync(sql).stmts?.[0]?.stmt;

/** A catalog repeats a few type names for thousands of columns: each is parsed once. */
const typeCache = new Map<string, ColumnType>();

/** `character varying(45)`, `public.mpaa_rating`, `integer[]` → a column type. */
export function parseTypeName(type: string): ColumnType {
  const known = typeCache.get(type);
  if (known) return structuredClone(known);
  const parsed = parseTypeNameOnce(type);
  if (typeCache.size < 10_000) typeCache.set(type, parsed);
  return structuredClone(parsed);
}

function parseTypeNameOnce(type: string): ColumnType {
  try {
    const definition = firstStatement(`CREATE TABLE t (c ${type})`)?.CreateStmt?.tableElts?.[0]?.ColumnDef;
    const parsed = columnType(definition?.typeName);
    delete (parsed as { serial?: boolean }).serial;
    return parsed;
  } catch {
    return { kind: 'unknown', sqlType: type };
  }
}

/** `CHECK ((price >= 0))` → rules; `valueName` stands for a domain's VALUE. */
export function parseCheckDefinition(definition: string, name: string | undefined, valueName?: string): CheckModel {
  const text = definition.replace(/^CHECK\s*/i, '').replace(/^\((.*)\)$/s, '$1').trim();
  try {
    const constraint = firstStatement(`ALTER TABLE t ADD ${definition}`)?.AlterTableStmt?.cmds?.[0]?.AlterTableCmd?.def?.Constraint;
    return pgCheckModel(constraint?.raw_expr, text, { name, valueName });
  } catch {
    return { ...(name ? { name } : {}), rules: [{ kind: 'other', text }], text };
  }
}

/** `RANGE (payment_date)` → the partition key. */
export function parsePartitionKey(definition: string): PartitionKey {
  try {
    return partitionKeyOf(firstStatement(`CREATE TABLE t (c int) PARTITION BY ${definition}`)?.CreateStmt?.partspec);
  } catch {
    return { strategy: 'other', columns: [] };
  }
}

/** `FOR VALUES FROM ('2022-01-01') TO ('2022-02-01')` → the bound node partitionCheck reads. */
export function parsePartitionBound(definition: string): Node {
  try {
    return firstStatement(`CREATE TABLE c PARTITION OF p ${definition}`)?.CreateStmt?.partbound;
  } catch {
    return { is_default: true };
  }
}

/** `CREATE UNIQUE INDEX … (lower(b)) WHERE …` (pg_get_indexdef) → the parser's IndexStmt, undefined when it cannot be read. */
export function parseIndexDefinition(definition: string): Node | undefined {
  try {
    return firstStatement(definition)?.IndexStmt;
  } catch {
    return undefined;
  }
}

/** `UNIQUE NULLS NOT DISTINCT (a, b)`, `EXCLUDE USING gist (…)` (pg_get_constraintdef) → the parser's Constraint node. */
export function parseConstraintDefinition(definition: string): Node | undefined {
  try {
    return firstStatement(`ALTER TABLE t ADD ${definition}`)?.AlterTableStmt?.cmds?.[0]?.AlterTableCmd?.def?.Constraint;
  } catch {
    return undefined;
  }
}
