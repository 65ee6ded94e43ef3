/**
 * The blueprint document (PRODUCT.md §10) as the editor handles it. The API
 * carries it as the `JSON` scalar, so codegen cannot type it; the types are
 * the document format's own, shared with the engine (type-only: nothing of
 * the server reaches the bundle).
 */
export type {
  BlueprintDocument,
  Distribution,
  FieldDef,
  PerParentRows,
  RowCount,
  TableDef,
} from '../../../server/src/engine/document/types';
import type { BlueprintDocument, PerParentRows, RowCount } from '../../../server/src/engine/document/types';

export const REF_GENERATOR = 'ref';

/** Locales the engine supports today; the API has no list of them, so the editor keeps its own (free text stays possible). */
export const COMMON_LOCALES = [
  'en', 'en_US', 'en_GB', 'en_AU', 'en_CA', 'de', 'de_AT', 'de_CH', 'fr', 'fr_CA', 'es', 'es_MX', 'it', 'nl',
  'pt_BR', 'pt_PT', 'sv', 'da', 'nb_NO', 'fi', 'pl', 'cs_CZ', 'ru', 'uk', 'tr', 'ja', 'ko', 'zh_CN',
];

export function isPerParent(rows: RowCount): rows is PerParentRows {
  return typeof rows === 'object' && rows !== null;
}

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

/** A document from the server, or a clear failure instead of a broken editor. */
export function asDocument(value: unknown): BlueprintDocument {
  const doc = value as BlueprintDocument;
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.tables)) throw new Error('The blueprint document has no tables.');
  return doc;
}
