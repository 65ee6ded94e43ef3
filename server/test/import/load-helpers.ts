/**
 * For the round-trip tests: the engine's SQL INSERTs of every table, in load
 * order, to be run against a database created from the ORIGINAL schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { compileBlueprint, streamTable, type BlueprintDocument, type Dialect, type Plan } from '../../src/engine';
import { importSourceOf } from '../../src/modules/import/sources';
import type { ImportResult } from '../../src/modules/import/types';

export const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

export async function importText(source: string, text: string): Promise<ImportResult> {
  return importSourceOf(source)!.run(text, { allowPrivateTargets: true });
}

async function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export interface TableScript {
  table: string;
  rows: number;
  sql: string;
}

/** Each table's INSERT statements (no CREATE TABLE: the original schema is already there), parents first. */
export async function insertScripts(document: BlueprintDocument, dialect: Dialect, seed = 1): Promise<{ plan: Plan; scripts: TableScript[] }> {
  const plan = compileBlueprint(document, { seed });
  const scripts: TableScript[] = [];
  for (const table of plan.order) {
    const sql = await collect(streamTable(plan, table, 'sql', { dialect, header: false }));
    scripts.push({ table, rows: plan.table(table).layout.rows, sql });
  }
  return { plan, scripts };
}

/** psql meta-commands (`\restrict`) are for psql, not for a driver. */
export const withoutPsqlCommands = (ddl: string) => ddl.split('\n').filter((line) => !line.trimStart().startsWith('\\')).join('\n');
