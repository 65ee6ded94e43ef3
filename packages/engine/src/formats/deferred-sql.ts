/**
 * The second half of a cycle broken for loading (`tableOrder`): references
 * written NULL with their rows are set by UPDATEs once every table is in,
 * inside the same transaction, so every foreign key is checked as the
 * database checks it and none has to be dropped or disabled. Rows are found
 * by the table's key; a batch joins the table to a list of (key, value) rows.
 */
import { RowGenerator } from '../plan/row-generator';
import { badInput } from '../errors';
import { mayBeNull } from '../plan/columns';
import type { Dialect, Value } from '../generators/types';
import type { FieldPlan, Plan, TablePlan } from '../plan/types';
import { sqlTypeOfField } from '../plan/columns';
import { literalFor } from './sql';
import { columnName, qualifiedName, quoteIdent } from './sql-names';

/** Rows per UPDATE: the same batch as INSERTs. */
const UPDATE_BATCH = 500;

/** The fields written NULL then set, of a table. */
export const updatedLater = (table: TablePlan): FieldPlan[] => table.fields.filter((f) => f.deferred === 'update');

/** Whether a load must defer DEFERRABLE keys to COMMIT (`SET CONSTRAINTS ALL DEFERRED`). */
export const defersToCommit = (plan: Plan): boolean => plan.tables.some((t) => t.fields.some((f) => f.deferred === 'commit'));

/** The fields that find a row: the primary key, else a unique field or key none of whose fields can be NULL. */
function rowKey(table: TablePlan, deferred: FieldPlan[]): FieldPlan[] {
  const usable = (f: FieldPlan | undefined): f is FieldPlan => !!f && !mayBeNull(f) && !deferred.includes(f);
  const key = table.keyFields.map((n) => table.fieldByName.get(n));
  if (key.length && key.every(usable)) return key;
  const single = table.fields.find((f) => f.unique && usable(f));
  if (single) return [single];
  const composite = table.uniqueKeys.map((k) => k.map((n) => table.fieldByName.get(n))).find((k) => k.every(usable));
  if (composite) return composite as FieldPlan[];
  throw badInput(
    deferred[0].path,
    `"${deferred[0].name}" closes a reference cycle and is set after every table is loaded, which needs a key to find ${table.name}'s rows: give ${table.name} a primaryKey or a unique field`,
  );
}

const SERIALS: Record<string, string> = { serial: 'integer', serial4: 'integer', bigserial: 'bigint', serial8: 'bigint', smallserial: 'smallint', serial2: 'smallint' };

/** The UPDATE statements (each ending `;\n`) that set the table's deferred references, in row order. */
export function* deferredUpdates(plan: Plan, tableName: string, dialect: Dialect): Generator<string> {
  const table = plan.table(tableName);
  const deferred = updatedLater(table);
  if (!deferred.length) return;
  const key = rowKey(table, deferred);
  const columns = [...key, ...deferred];
  const literals = columns.map((f) => literalFor(f, dialect, plan));
  const generator = new RowGenerator(table, plan.seed);
  let batch: string[][] = [];
  const flush = () => {
    const statement = updateStatement(plan, dialect, qualifiedName(table, dialect), key, deferred, batch);
    batch = [];
    return statement;
  };
  for (let r = 0; r < table.layout.rows; r++) {
    const values: Value[] = generator.generate(r);
    if (deferred.every((f) => values[f.index] == null)) continue;
    batch.push(columns.map((f, k) => literals[k](values[f.index])));
    if (batch.length === UPDATE_BATCH) yield flush();
  }
  if (batch.length) yield flush();
}

function updateStatement(plan: Plan, dialect: Dialect, name: string, key: FieldPlan[], deferred: FieldPlan[], rows: string[][]): string {
  const q = (n: string) => quoteIdent(n, dialect);
  const columns = [...key, ...deferred];
  if (dialect === 'mysql') {
    const selects = rows.map((row, i) => `SELECT ${row.map((v, k) => (i === 0 ? `${v} AS ${q(`c${k}`)}` : v)).join(', ')}`).join(' UNION ALL ');
    const on = key.map((f, k) => `t.${columnName(f, dialect)} = v.${q(`c${k}`)}`).join(' AND ');
    const set = deferred.map((f, k) => `t.${columnName(f, dialect)} = v.${q(`c${key.length + k}`)}`).join(', ');
    return `UPDATE ${name} AS t JOIN (${selects}) AS v ON ${on} SET ${set};\n`;
  }
  const values = rows.map((row) => `(${row.join(', ')})`).join(',\n');
  if (dialect === 'sqlite') {
    const on = key.map((f, k) => `${name}.${columnName(f, dialect)} = v.column${k + 1}`).join(' AND ');
    const set = deferred.map((f, k) => `${columnName(f, dialect)} = v.column${key.length + k + 1}`).join(', ');
    return `UPDATE ${name} SET ${set} FROM (VALUES\n${values}) AS v WHERE ${on};\n`;
  }
  // PostgreSQL types a VALUES list from its literals (text, integer): cast each to its column's type.
  const cast = (f: FieldPlan, k: number) => {
    const type = sqlTypeOfField(f, 'postgres', plan);
    return `CAST(v.${q(`c${k}`)} AS ${SERIALS[type.trim().toLowerCase()] ?? type})`;
  };
  const on = key.map((f, k) => `t.${columnName(f, dialect)} = ${cast(f, k)}`).join(' AND ');
  const set = deferred.map((f, k) => `${columnName(f, dialect)} = ${cast(f, key.length + k)}`).join(', ');
  return `UPDATE ${name} AS t SET ${set} FROM (VALUES\n${values}) AS v(${columns.map((_, k) => q(`c${k}`)).join(', ')}) WHERE ${on};\n`;
}
