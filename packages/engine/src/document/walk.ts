import type { BlueprintDocument, FieldDef, TableDef } from './types';

/**
 * Safe walks over a document that may not have its shape: validation reports
 * every issue in one pass, so it visits what is there and skips only what
 * cannot be read (a table that is not an object, fields that are not a list).
 * Indexes are those of the document, so paths stay right.
 */

export const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

export interface TableEntry {
  table: TableDef;
  index: number;
}

export interface FieldEntry {
  field: FieldDef;
  index: number;
}

/** The tables that are objects, with their indexes. */
export function tableEntries(doc: unknown): TableEntry[] {
  const tables = isObject(doc) ? doc.tables : undefined;
  if (!Array.isArray(tables)) return [];
  return tables.flatMap((table, index) => (isObject(table) ? [{ table: table as unknown as TableDef, index }] : []));
}

/** The fields of a table that are objects, with their indexes. */
export function fieldEntries(table: TableDef): FieldEntry[] {
  if (!Array.isArray(table.fields)) return [];
  return table.fields.flatMap((field, index) => (isObject(field) ? [{ field, index }] : []));
}

/** Lower-cased table name → index of the first table of that name. */
export function tableIndexByName(doc: unknown): Map<string, number> {
  const byName = new Map<string, number>();
  for (const { table, index } of tableEntries(doc)) {
    if (typeof table.name === 'string' && !byName.has(table.name.toLowerCase())) byName.set(table.name.toLowerCase(), index);
  }
  return byName;
}

/** Whether every table and field can be read as the engine's types say (names and generators as text): what whole-document checks need. */
export function isWalkable(doc: unknown): boolean {
  if (!isObject(doc) || !Array.isArray(doc.tables)) return false;
  return doc.tables.every(
    (table) =>
      isObject(table) &&
      typeof table.name === 'string' &&
      Array.isArray(table.fields) &&
      table.fields.every((field) => isObject(field) && typeof field.name === 'string' && typeof field.generator === 'string' && (field.options === undefined || isObject(field.options))),
  );
}

const PLACEHOLDER = '\u0000';

/**
 * A copy of the document in which every table and field can be walked:
 * what is not an object becomes an empty placeholder at the same index, a
 * name that is not text a name no reference can match, options that are not
 * an object none. Checks that read whole tables (formula scopes, reference
 * targets, cell sizes) then run over everything else, with the right paths;
 * what was replaced is reported by the shape check.
 */
export function walkableCopy(doc: unknown): BlueprintDocument {
  const source = isObject(doc) ? doc : {};
  const tables = Array.isArray(source.tables) ? source.tables : [];
  return {
    ...(source as unknown as BlueprintDocument),
    tables: tables.map((table, t): TableDef => {
      if (!isObject(table)) return { name: `${PLACEHOLDER}${t}`, rows: 0, fields: [] };
      const fields = Array.isArray(table.fields) ? table.fields : [];
      return {
        ...(table as unknown as TableDef),
        name: typeof table.name === 'string' ? table.name : `${PLACEHOLDER}${t}`,
        fields: fields.map((field, f): FieldDef => {
          if (!isObject(field)) return { name: `${PLACEHOLDER}${f}`, generator: '' };
          const copy = { ...(field as unknown as FieldDef), name: typeof field.name === 'string' ? field.name : `${PLACEHOLDER}${f}` };
          if (field.options !== undefined && !isObject(field.options)) delete copy.options;
          return copy;
        }),
      };
    }),
  };
}
