/**
 * Composite keys asking for more rows than their tuples allow, seen from the
 * document alone (the plan refuses the same at compile time, with the row
 * counts it was given): a junction table sized per parent with more children
 * per parent than the other components have values, or a fixed-size table
 * with more rows than the product of its components' values. Components whose
 * count the document does not fix (a table sized per parent, a name) make the
 * space unknown: nothing is said then.
 */
import { canonicalValue } from '../document/canonical';
import { isPerParent, primaryKeyFields, REF_GENERATOR, type BlueprintDocument, type DocumentIssue, type FieldDef, type TableDef } from '../document/types';
import { getGenerator } from '../generators/catalog';
import { localeData } from '../locale/locales';
import { maxChildren } from '../plan/layout';
import { fieldRefsIn, isLiteralOption } from '../plan/option-refs';

const ALWAYS_DISTINCT = new Set(['sequence', 'uuid']);

export function tupleSpaceIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const byName = new Map(doc.tables.map((t) => [t.name.toLowerCase(), t]));
  // Value spaces of keys do not depend on the locale's date anchor: the validator's constant will do.
  const ctx = { locale: localeData('en'), refDate: Date.UTC(2025, 0, 1), unique: false };
  /** How many values a field can take, when the document fixes it. */
  const sizeOf = (field: FieldDef): number | undefined => {
    if (field.generator === REF_GENERATOR) {
      const target = byName.get(String(field.options?.table ?? '').toLowerCase());
      return target && typeof target.rows === 'number' ? target.rows : undefined;
    }
    const options = canonicalValue(field.options ?? {});
    if (Object.entries(options).some(([k, v]) => !isLiteralOption(field.generator, k) && fieldRefsIn(v).length > 0)) return undefined;
    try {
      return getGenerator(field.generator)?.space?.(options, ctx)?.size;
    } catch {
      return undefined;
    }
  };
  doc.tables.forEach((table, t) => {
    const keys = [...(primaryKeyFields(table).length > 1 ? [primaryKeyFields(table)] : []), ...(table.unique ?? [])];
    for (const names of keys) {
      const fields = names.map((n) => table.fields.find((f) => f.name.toLowerCase() === n.toLowerCase()));
      if (fields.some((f) => !f || f.unique || ALWAYS_DISTINCT.has(f.generator))) continue;
      const issue = keyIssue(table, t, fields as FieldDef[], sizeOf);
      if (issue) issues.push(issue);
    }
  });
  return issues;
}

function keyIssue(table: TableDef, t: number, fields: FieldDef[], sizeOf: (f: FieldDef) => number | undefined): DocumentIssue | undefined {
  const rows = table.rows;
  const parent = isPerParent(rows) ? rows.perParent.toLowerCase() : undefined;
  const isAnchor = (f: FieldDef) => f.generator === REF_GENERATOR && String(f.options?.table ?? '').toLowerCase() === parent;
  const anchor = fields.find(isAnchor);
  // Refs to the parent's own ancestors are fixed by the row too; only the simple case is judged here.
  const free = anchor ? fields.filter((f) => !isAnchor(f)) : fields;
  let size = 1;
  for (const f of free) {
    const n = sizeOf(f);
    if (n === undefined) return undefined;
    size *= n;
  }
  const names = `(${fields.map((f) => f.name).join(', ')})`;
  if (anchor && isPerParent(rows)) {
    const most = maxChildren(rows);
    if (most <= size) return undefined;
    return { path: `tables[${t}].rows`, message: `${table.name} can have up to ${most} rows per ${rows.perParent} row, but its key ${names} has only ${size} distinct (${free.map((f) => f.name).join(', ')}) for each` };
  }
  if (typeof rows === 'number' && rows > size) {
    return { path: `tables[${t}].rows`, message: `${table.name} has ${rows} rows, but its key ${names} has only ${size} distinct tuples` };
  }
  return undefined;
}
