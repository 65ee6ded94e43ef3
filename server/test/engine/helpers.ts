import type { Readable } from 'node:stream';
import type { BlueprintDocument, FieldDef, TableDef } from '../../../packages/engine/src/document/types';
import { EngineError } from '../../../packages/engine/src/errors';

export async function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Options that let generators with required options run. */
export const REQUIRED_OPTIONS: Record<string, Record<string, unknown>> = {
  'date.between': { from: '2020-01-01', to: '2025-12-31' },
  weighted: { values: { a: 1, b: 2 } },
  list: { values: ['x', 'y'] },
  constant: { value: 'k' },
  regex: { pattern: '[a-z]{4}\\d' },
  template: { template: 'v' },
  formula: { expr: "'f' & 1" },
  'string.fromCharacters': { characters: 'abc' },
  array: { element: 'lorem.word', min: 1, max: 3 },
  range: { type: 'tstzrange' },
  tsvector: { source: 'The quick brown fox' },
};

export function doc(tables: TableDef[], extra: Partial<BlueprintDocument> = {}): BlueprintDocument {
  return { seedbed: 1, name: 'test', seed: 1, tables, ...extra };
}

export function table(name: string, rows: TableDef['rows'], fields: FieldDef[], primaryKey?: string): TableDef {
  return { name, rows, fields, ...(primaryKey ? { primaryKey } : {}) };
}

/**
 * teams ⇄ players: a nullable reference cycle (a team's captain) and a self
 * reference (a player's mentor), 20 teams and 200 players, plus `extra`.
 */
export function teamsAndPlayers(extra: FieldDef): BlueprintDocument {
  return doc([
    table('teams', 20, [
      { name: 'id', generator: 'sequence' },
      { name: 'captain_id', generator: 'ref', options: { table: 'players' }, nullRate: 0.5 },
    ], 'id'),
    table('players', 200, [
      { name: 'id', generator: 'uuid' },
      { name: 'team_id', generator: 'ref', options: { table: 'teams' } },
      { name: 'mentor_id', generator: 'ref', options: { table: 'players' }, nullRate: 0.3 },
      extra,
    ], 'id'),
  ]);
}

/** users → orders (0–5 per user) → order_items (1–3 per order), with every kind of field. */
export function shop(users = 300): BlueprintDocument {
  return doc([
    table('users', users, [
      { name: 'id', generator: 'sequence' },
      { name: 'first_name', generator: 'person.firstName' },
      { name: 'last_name', generator: 'person.lastName' },
      { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
      { name: 'signed_up', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31' } },
      { name: 'bio', generator: 'lorem.sentence', nullRate: 0.3 },
      { name: 'motto', generator: 'company.catchPhrase' },
    ], 'id'),
    table('orders', { perParent: 'users', min: 0, max: 5 }, [
      { name: 'id', generator: 'uuid' },
      { name: 'user_id', generator: 'ref', options: { table: 'users' } },
      { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
      { name: 'total', generator: 'number.float', options: { min: 5, max: 500, precision: 0.01 } },
      { name: 'code', generator: 'formula', options: { expr: "upper(status) & '-' & users.last_name" } },
    ], 'id'),
    table('order_items', { perParent: 'orders', min: 1, max: 3 }, [
      { name: 'id', generator: 'sequence', options: { start: 1000 } },
      { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
      { name: 'buyer_id', generator: 'ref', options: { table: 'users' } },
      { name: 'sku', generator: 'regex', options: { pattern: '[A-Z]{3}-\\d{4}' }, unique: true },
      { name: 'quantity', generator: 'number.int', options: { min: 1, max: 5 } },
      { name: 'note', generator: 'template', options: { template: 'x{quantity} of {sku}' } },
    ], 'id'),
  ], { seed: 42 });
}

/** The EngineError `work` throws; any other outcome fails the test. */
export function engineRefusal(work: () => unknown): EngineError {
  try {
    work();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}
