/**
 * What every import source produces (PRODUCT.md §12): a blueprint document,
 * one decision per generated column, and everything left out. Sources are
 * pure functions of their input (text, or a live catalog already read), so
 * `importPreview` and `importBlueprint` give the same document for the same
 * input.
 */
import type { BlueprintDocument } from '../../engine';
import type { MockAnswer } from '../mock/describe';

export type { MockAnswer };

export const IMPORT_SOURCES = ['POSTGRES_DDL', 'MYSQL_DDL', 'SQLITE_DDL', 'POSTGRES_URL', 'JSON_SAMPLE', 'CSV_SAMPLE', 'GRAPHQL_SDL'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The generator chosen for one column, and why. */
export interface ImportDecision {
  /** The field's path in the document, e.g. `tables[0].fields[2]`. */
  path: string;
  table: string;
  field: string;
  generator: string;
  /** 0..1. */
  confidence: number;
  reason: string;
  /** What the source said of the column: declared type, observed spread, fitted distribution... */
  details?: Record<string, unknown>;
  /** A few values the chosen generator makes for this column (see infer/samples.ts). */
  samples?: unknown[];
}

/** Something the source has that the document cannot represent; never a failed import. */
export interface SkippedItem {
  path?: string;
  kind: string;
  name: string;
  reason: string;
}

export interface ImportResult {
  document: BlueprintDocument;
  report: ImportDecision[];
  skipped: SkippedItem[];
  /** GRAPHQL_SDL: how the mock will answer each root field and mutation (PRODUCT.md §13). */
  mockAnswers?: MockAnswer[];
}
