/**
 * A table's rows as values read back from the engine's TSV (its fastest
 * output: the compiled cell writers), for a driver that binds parameters
 * instead of parsing SQL text (SQLite's prepared statements).
 *
 * Only for tables whose every column's TSV text is exactly what its SQL
 * literal spells (`valuesAsText`), so binding stores what the SQL script's
 * INSERTs store: numbers are bound as numbers (a column without type
 * affinity keeps them as such), everything else as the literal's text.
 */
import type { Readable } from 'node:stream';
import { streamTable, type Plan } from '@seedbed/engine';
import { TsvCells, type CellBatch } from './tsv-cells';

export type { Cell, CellBatch } from './tsv-cells';

const SAME_AS_LITERAL = new Set(['string', 'integer', 'float', 'uuid', 'date']);

/**
 * Whether every column of the table reads back from TSV as the value its SQL
 * literal spells; `alsoTypes`: column types the caller converts itself.
 */
export function valuesAsText(plan: Plan, name: string, alsoTypes?: ReadonlySet<string>): boolean {
  return plan.table(name).fields.every((f) => {
    const source = f.ref ? f.ref.field : f;
    return (SAME_AS_LITERAL.has(source.type) || alsoTypes?.has(source.type) === true) && !source.def.sqlLiteral && !source.def.delimitedText;
  });
}

/** Which of the table's columns hold numbers (bound as numbers, not text). */
export function numericColumns(plan: Plan, name: string): boolean[] {
  return plan.table(name).fields.map((f) => {
    const type = (f.ref ? f.ref.field : f).type;
    return type === 'integer' || type === 'float';
  });
}

/** The table's TSV rows (references closing a cycle as NULL, as the INSERTs write them); `offset`/`count` pick rows. */
export function tsvStream(plan: Plan, name: string, options: { workers?: number; dialect: 'mysql' | 'sqlite'; offset?: number; count?: number }): Readable {
  return streamTable(plan, name, 'tsv', { workers: options.workers, deferRefs: true, header: false, dialect: options.dialect, offset: options.offset, count: options.count });
}

/**
 * The table's rows in batches of `batchRows` (the last one shorter), read
 * chunk by chunk as the consumer goes; see TsvCells for the reused array.
 */
export async function* tsvBatches(plan: Plan, name: string, options: { workers?: number; dialect: 'mysql' | 'sqlite'; stripNul?: boolean; batchRows: number; offset?: number; count?: number }): AsyncGenerator<CellBatch> {
  const cells = new TsvCells(numericColumns(plan, name), options.batchRows, options.stripNul === true, name);
  for await (const chunk of tsvStream(plan, name, options)) yield* cells.push(chunk as Buffer);
  yield* cells.end();
}
