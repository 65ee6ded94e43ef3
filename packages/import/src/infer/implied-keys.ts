/**
 * References no constraint declares. Many apps keep their relations in the
 * application (Rails before `add_foreign_key`, WordPress, MyISAM tables):
 * `topics.user_id` holds a users.id though the database never says so. Read
 * by convention, such a column becomes a reference to a real row instead of
 * an unrelated number; the database checks nothing, so a wrong guess costs
 * realism, never a load.
 */
import type { ColumnModel, SchemaModel, TableModel } from '../schema-model';
import { nameTokens, tableTokens } from './name-tokens';

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Key kinds a reference by name may join: a number to a number, a uuid to a uuid. */
const JOINABLE = new Set(['integer', 'uuid']);

/** `<words>_id` / `<words>Id`: the words before the final id. */
function referencedWords(column: ColumnModel): string[] | undefined {
  const words = nameTokens(column.name);
  if (words.length < 2 || words.at(-1) !== 'id') return undefined;
  return words.slice(0, -1);
}

/** Adds an implied foreign key for each `<table>_id` column no declared key covers, whose name and type match one table's single key. */
export function addImpliedForeignKeys(schema: SchemaModel): void {
  // A prefix every table shares (WordPress's wp_) is not part of what a column names: wp_postmeta.post_id → wp_posts.
  const firsts = schema.tables.map((t) => tableTokens(t.name)[0]);
  const prefix = schema.tables.length > 2 && firsts.every((w) => w === firsts[0]) ? firsts[0] : undefined;
  const byWords = new Map<string, TableModel | undefined>();
  for (const table of schema.tables) {
    if (table.primaryKey?.length !== 1) continue;
    const words = tableTokens(table.name);
    for (const name of [words, ...(prefix && words.length > 1 ? [words.slice(1)] : [])].map((w) => w.join(' '))) {
      // Two tables of one name (in two schemas) leave the name ambiguous.
      byWords.set(name, byWords.has(name) ? undefined : table);
    }
  }
  for (const table of schema.tables) {
    // Compared without word breaks: `emailaddressid` in `emailaddress`.
    const own = tableTokens(table.name).join('');
    const declared = new Set(table.foreignKeys.flatMap((fk) => fk.columns));
    const siblings = new Set(table.columns.map((c) => nameTokens(c.name).join(' ')));
    for (const column of table.columns) {
      if (declared.has(column.name) || (table.primaryKey?.length === 1 && table.primaryKey[0] === column.name)) continue;
      const words = referencedWords(column);
      if (!words || !JOINABLE.has(column.type.kind)) continue;
      // The table's own id (AdventureWorks' emailaddress.emailaddressid, part of its key) names its own rows.
      if (words.map((w) => tableTokens(w)[0] ?? w).join('') === own || squash(column.name).replace(/id$/, '') === squash(table.name)) continue;
      // `commentable_id` beside `commentable_type` is a polymorphic pair (linked elsewhere), not a reference to one table.
      if (siblings.has([...words, 'type'].join(' '))) continue;
      // The longest tail that names a table: parent_category_id → categories.
      let target: TableModel | undefined;
      for (let from = 0; from < words.length && !target; from++) target = byWords.get(words.slice(from).map((w) => tableTokens(w)[0] ?? w).join(' '));
      const key = target && target.columns.find((c) => c.name === target!.primaryKey![0]);
      if (!target || !key || key.type.kind !== column.type.kind) continue;
      table.foreignKeys.push({ columns: [column.name], table: target.name, ...(target.schema ? { schema: target.schema } : {}), refColumns: [], deferrable: true, implied: true });
    }
  }
}
