/**
 * A field's `identity` (an identity or serial column of an imported schema):
 * the database declares it as an integer that is never NULL, so the document
 * must generate integers for it, and never NULL, or the rows would not load.
 */
import type { BlueprintDocument, DocumentIssue } from '../document/types';
import { FieldTypes } from '../plan/field-types';

export function identityIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  let types: FieldTypes | undefined;
  doc.tables.forEach((table, t) => {
    table.fields.forEach((field, f) => {
      if (field.identity === undefined) return;
      const path = `tables[${t}].fields[${f}]`;
      const type = (types ??= new FieldTypes(doc)).typeOf(t, f);
      if (type !== 'integer') {
        issues.push({ path: `${path}.identity`, message: `an identity column holds whole numbers: its generator makes ${type} values (use sequence or number.int, or leave identity out)` });
      }
      if ((field.nullRate ?? 0) > 0) issues.push({ path: `${path}.nullRate`, message: 'an identity column is never NULL: leave nullRate out or 0' });
    });
  });
  return issues;
}
