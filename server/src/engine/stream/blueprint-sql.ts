import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { deferredForeignKeys } from '../formats/sql';
import { streamTable, type StreamTableOptions } from './table-stream';

/**
 * The whole blueprint as one SQL script: every table in dependency order
 * (CREATE TABLE + INSERTs), then the foreign keys of nullable cycle edges.
 * Loads into an empty database with all constraints checked.
 */
export function streamBlueprintSql(plan: Plan, dialect: Dialect = 'postgres', options: Pick<StreamTableOptions, 'workers' | 'chunkRows'> = {}): Readable {
  async function* script() {
    for (const name of plan.order) {
      for await (const chunk of streamTable(plan, name, 'sql', { ...options, dialect })) yield chunk as Buffer | string;
      yield '\n';
    }
    for (const name of plan.order) yield deferredForeignKeys(plan, plan.table(name), dialect, 'later');
  }
  return Readable.from(script(), { objectMode: false });
}
