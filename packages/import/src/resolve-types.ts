/**
 * Columns declared with a named type get what the name stands for: an enum's
 * labels, or a domain's base type, NOT NULL and CHECK rules (its `VALUE`
 * becoming the column). The column keeps the declared name as its sqlType.
 */
import type { CheckExpr } from '@seedbed/engine';
import { DOMAIN_VALUE, type CheckModel, type ColumnType, type SchemaModel } from './schema-model';

/** Domains over domains: deeper chains than this are a cycle or nonsense. */
const MAX_DEPTH = 8;

export function resolveTypes(schema: SchemaModel): void {
  for (const table of schema.tables) {
    for (const column of table.columns) {
      const found = resolve(schema, column.type, 0);
      column.type = found.type;
      if (found.notNull) column.notNull = true;
      for (const check of found.checks) column.checks.push(forColumn(check, column.name));
    }
  }
}

interface Resolved {
  type: ColumnType;
  notNull: boolean;
  checks: CheckModel[];
}

function resolve(schema: SchemaModel, type: ColumnType, depth: number): Resolved {
  if (type.arrayOf) {
    const element = resolve(schema, type.arrayOf, depth).type;
    return { type: { ...type, kind: element.kind, arrayOf: element }, notNull: false, checks: [] };
  }
  const name = type.typeName;
  if (type.kind !== 'unknown' || !name || depth > MAX_DEPTH) return { type, notNull: false, checks: [] };
  const labels = lookup(schema.enums, name);
  if (labels) return { type: { ...type, kind: 'enum', enumValues: labels }, notNull: false, checks: [] };
  const domain = lookup(schema.domains, name);
  if (!domain) return { type, notNull: false, checks: [] };
  const base = resolve(schema, domain.baseType, depth + 1);
  return {
    type: { ...base.type, sqlType: type.sqlType, typeName: name },
    notNull: domain.notNull || base.notNull,
    checks: [...base.checks, ...domain.checks],
  };
}

/** Type names compare case-insensitively, as unquoted SQL names do, and without their schema (`Person.NameStyle` is `NameStyle`). */
function lookup<T>(map: Record<string, T>, name: string): T | undefined {
  if (Object.hasOwn(map, name)) return map[name];
  const lower = name.toLowerCase();
  const key = Object.keys(map).find((k) => k.toLowerCase() === lower) ?? Object.keys(map).find((k) => k.toLowerCase().split('.').at(-1) === lower);
  return key === undefined ? undefined : map[key];
}

/** The expression with `VALUE` (DOMAIN_VALUE) read as the column. */
function renamed(expr: CheckExpr, column: string): CheckExpr {
  if ('col' in expr) return expr.col === DOMAIN_VALUE ? { col: column } : expr;
  if ('fn' in expr) return { ...expr, args: expr.args.map((a) => renamed(a, column)) };
  return expr;
}

function forColumn(check: CheckModel, column: string): CheckModel {
  return {
    ...check,
    ...(check.expr ? { expr: renamed(check.expr, column) } : {}),
    rules: check.rules.map((rule) => {
      if ('column' in rule && rule.column === DOMAIN_VALUE) return { ...rule, column };
      return rule;
    }),
  };
}
