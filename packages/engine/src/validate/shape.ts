import { isPerParent, primaryKeyFields, ROW_SPEC_LIMITS, type DocumentIssue } from '../document/types';
import { isIdentifier } from '../document/json-schema';
import { formatLimit } from './messages';

/**
 * The minimum the engine needs to walk a document safely: tables and fields
 * with identifier names, row counts, per-parent tables that exist, primary
 * keys that name fields, unique fields that are not nullable. The full
 * structural rules (limits, case-insensitive uniqueness) live in the document
 * validator.
 */
export function engineShapeIssues(doc: unknown): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  if (!doc || typeof doc !== 'object') return [{ path: '', message: 'must be a JSON object' }];
  const tables = (doc as { tables?: unknown }).tables;
  if (!Array.isArray(tables)) return [{ path: 'tables', message: 'must be an array of tables' }];
  const names = new Set<string>();
  tables.forEach((table, t) => {
    const path = `tables[${t}]`;
    if (!table || typeof table !== 'object') return issues.push({ path, message: 'must be an object' });
    if (typeof table.name !== 'string' || !isIdentifier(table.name)) issues.push({ path: `${path}.name`, message: 'must be an SQL identifier' });
    else if (names.has(table.name.toLowerCase())) issues.push({ path: `${path}.name`, message: `duplicate table name "${table.name}"` });
    else names.add(table.name.toLowerCase());
    checkRows(issues, path, table.rows, tables);
    if (!Array.isArray(table.fields) || table.fields.length === 0) return issues.push({ path: `${path}.fields`, message: 'must be a non-empty array' });
    const fieldNames = new Set<string>();
    const keyFields = primaryKeyFields(table);
    table.fields.forEach((field: any, f: number) => {
      const fp = `${path}.fields[${f}]`;
      if (!field || typeof field !== 'object') return issues.push({ path: fp, message: 'must be an object' });
      if (typeof field.name !== 'string' || !isIdentifier(field.name)) issues.push({ path: `${fp}.name`, message: 'must be an SQL identifier' });
      else if (fieldNames.has(field.name.toLowerCase())) issues.push({ path: `${fp}.name`, message: `duplicate field name "${field.name}"` });
      else fieldNames.add(field.name.toLowerCase());
      if (typeof field.generator !== 'string') issues.push({ path: `${fp}.generator`, message: 'must be a generator id' });
      const nullRate = field.nullRate ?? 0;
      if (typeof nullRate !== 'number' || !(nullRate >= 0 && nullRate <= 1)) issues.push({ path: `${fp}.nullRate`, message: 'must be between 0 and 1 (a share of the rows: 0.25 is 25%)' });
      else if (nullRate > 0 && (field.unique || keyFields.includes(field.name))) issues.push({ path: `${fp}.nullRate`, message: 'a unique or primary-key field cannot be nullable' });
    });
    if (table.primaryKey !== undefined && !keyFields.every((k) => table.fields.some((f: any) => f?.name === k))) {
      issues.push({ path: `${path}.primaryKey`, message: `names no field of "${table.name}"` });
    }
  });
  return issues;
}

function checkRows(issues: DocumentIssue[], path: string, rows: unknown, tables: any[]) {
  if (typeof rows === 'number') {
    if (!Number.isSafeInteger(rows) || rows < 0) issues.push({ path: `${path}.rows`, message: 'must be a non-negative integer' });
    return;
  }
  if (!rows || typeof rows !== 'object' || !isPerParent(rows as never)) return issues.push({ path: `${path}.rows`, message: 'must be a count or { perParent, min, max }' });
  const spec = rows as Record<string, unknown>;
  if (!tables.some((t) => typeof t?.name === 'string' && t.name.toLowerCase() === String(spec.perParent).toLowerCase())) {
    issues.push({ path: `${path}.rows.perParent`, message: `unknown table "${spec.perParent}"` });
  }
  for (const key of ['min', 'max'] as const) {
    const value = spec[key];
    if (value !== undefined && (!Number.isInteger(value) || (value as number) < 0 || (value as number) > ROW_SPEC_LIMITS.perParent)) {
      issues.push({ path: `${path}.rows.${key}`, message: `must be a whole number from 0 to ${formatLimit(ROW_SPEC_LIMITS.perParent)}` });
    }
  }
  if (typeof spec.min === 'number' && typeof spec.max === 'number' && spec.min > spec.max) issues.push({ path: `${path}.rows.max`, message: 'must be at least min' });
  const distribution = spec.distribution ?? 'uniform';
  if (!['uniform', 'poisson', 'zipf'].includes(String(distribution))) issues.push({ path: `${path}.rows.distribution`, message: 'must be uniform, poisson or zipf' });
  // `typeof` first: NaN, Infinity and numeric strings would otherwise slip through the comparisons.
  const within = (value: unknown, low: number, high: number, lowOpen: boolean) =>
    typeof value === 'number' && Number.isFinite(value) && (lowOpen ? value > low : value >= low) && value <= high;
  if (spec.mean !== undefined && !within(spec.mean, 0, ROW_SPEC_LIMITS.mean, false)) {
    issues.push({ path: `${path}.rows.mean`, message: `must be a number from 0 to ${formatLimit(ROW_SPEC_LIMITS.mean)}` });
  }
  if (spec.exponent !== undefined && !within(spec.exponent, 0, ROW_SPEC_LIMITS.exponent, true)) {
    issues.push({ path: `${path}.rows.exponent`, message: `must be a number above 0 and at most ${formatLimit(ROW_SPEC_LIMITS.exponent)}` });
  }
  if (distribution === 'uniform' && spec.max === undefined && spec.min === undefined) issues.push({ path: `${path}.rows.max`, message: 'is required for a uniform distribution' });
}
