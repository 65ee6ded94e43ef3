/**
 * What deleting a table or a field breaks, said before it happens: the
 * references, per-parent row counts, `{field}` options and formulas that
 * point at it. Names compare case-insensitively, as the server's do.
 */
import { isPerParent, REF_GENERATOR, type BlueprintDocument, type FieldDef } from './blueprint-document';
import { primaryKeyFields as primaryKeyOf } from './engine';

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a formula's text reads `name` (a field of its row) or `table.name`. */
function formulaReads(field: FieldDef, name: string, table?: string): boolean {
  const expr = field.generator === 'formula' ? field.options?.expr : undefined;
  if (typeof expr !== 'string') return false;
  const pattern = table ? `\\b${escape(table)}\\.${escape(name)}\\b` : `(?<![.\\w])${escape(name)}\\b`;
  return new RegExp(pattern, 'i').test(expr);
}

/** Whether a field's text options read `{name}` of its row. */
function optionsRead(field: FieldDef, name: string): boolean {
  const pattern = new RegExp(`\\{${escape(name)}\\}`, 'i');
  return Object.values(field.options ?? {}).some((value) => typeof value === 'string' && pattern.test(value));
}

/** "orders.product_id references products", ... for deleting `doc.tables[index]`. */
export function tableImpact(doc: BlueprintDocument, index: number): string[] {
  const table = doc.tables[index];
  if (!table) return [];
  const found: string[] = [];
  doc.tables.forEach((other, t) => {
    if (t === index) return;
    if (isPerParent(other.rows) && same(other.rows.perParent, table.name)) found.push(`${other.name} has its rows per ${table.name} row`);
    for (const field of other.fields) {
      if (field.generator === REF_GENERATOR && same(field.options?.table, table.name)) found.push(`${other.name}.${field.name} references ${table.name}`);
      else if (table.fields.some((f) => formulaReads(field, f.name, table.name))) found.push(`${other.name}.${field.name} reads ${table.name} in its formula`);
    }
  });
  return found;
}

/** "orders.user_id references it", "email reads {first_name}", ... for deleting a field. */
export function fieldImpact(doc: BlueprintDocument, tableIndex: number, fieldIndex: number): string[] {
  const table = doc.tables[tableIndex];
  const field = table?.fields[fieldIndex];
  if (!table || !field) return [];
  const found: string[] = [];
  const key = primaryKeyOf(table);
  if (key.some((k) => same(k, field.name))) found.push(key.length > 1 ? `it is part of ${table.name}'s primary key` : `it is ${table.name}'s primary key`);
  doc.tables.forEach((other, t) => {
    for (const f of other.fields) {
      if (t === tableIndex && f === field) continue;
      const pointsHere = f.generator === REF_GENERATOR && same(f.options?.table, table.name);
      const target = f.options?.field ?? (key.length === 1 ? key[0] : undefined);
      if (pointsHere && same(target, field.name)) found.push(`${other.name}.${f.name} references it`);
      if (t === tableIndex && (optionsRead(f, field.name) || formulaReads(f, field.name))) found.push(`${f.name} reads it`);
      if (t !== tableIndex && formulaReads(f, field.name, table.name)) found.push(`${other.name}.${f.name} reads it in its formula`);
    }
  });
  if ((table.unique ?? []).some((names) => names.some((n) => same(n, field.name)))) found.push(`it is part of a unique key of ${table.name}`);
  return found;
}
