/**
 * The blueprint document (PRODUCT.md §10) as the editor handles it. The API
 * carries it as the `JSON` scalar, so codegen cannot type it; the types and
 * rules are the document format's own (`@seedbed/engine/document`).
 */
export type {
  BlueprintDocument,
  Distribution,
  FieldDef,
  PerParentRows,
  RowCount,
  TableDef,
} from '@seedbed/engine/document';
export { isPerParent, REF_GENERATOR } from '@seedbed/engine/document';
import type { BlueprintDocument } from '@seedbed/engine/document';

/** What "New blueprint" starts from: one small table that previews at once. */
export function starterDocument(name: string): BlueprintDocument {
  return {
    seedbed: 1,
    name,
    locale: 'en',
    seed: 42,
    tables: [
      {
        name: 'users',
        rows: 100,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence', options: { start: 1 } },
          { name: 'name', generator: 'person.fullName' },
        ],
      },
    ],
  };
}

/** `base`, or `base_2`, `base_3`, ... : the first not taken (case-insensitively, as the server compares). */
export function freshName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}_${i}`.toLowerCase())) return `${base}_${i}`;
}

/** `base_n`, counting up from `n` until the name is free: table_2, field_4. */
export function numberedName(base: string, n: number, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  for (let i = Math.max(1, n); ; i++) if (!used.has(`${base}_${i}`.toLowerCase())) return `${base}_${i}`;
}

/** The name of a copy: `email_copy`, then `email_copy_2`, ... (kept within the 63 characters of an identifier). */
export function copyName(name: string, taken: readonly string[]): string {
  return freshName(`${name.slice(0, 50)}_copy`, taken);
}

/** A document from the server, or a clear failure instead of a broken editor. */
export function asDocument(value: unknown): BlueprintDocument {
  const doc = value as BlueprintDocument;
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.tables)) throw new Error('The blueprint document has no tables.');
  return doc;
}
