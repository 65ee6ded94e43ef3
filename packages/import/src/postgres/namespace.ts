/**
 * Tables by where they live: a dump qualifies every name (`sales.orders`),
 * migrations mostly do not (their tables land in the search path's first
 * schema), and two schemas may each have an `orders`. Unqualified names are
 * found in the schema `SET search_path` or `CREATE SCHEMA … CREATE TABLE`
 * put them in, else wherever one table of that name is. The public schema
 * is where an unqualified name goes anyway, so it is not written down.
 */
import type { TableModel } from '../schema-model';
import type { Node } from './ast';

export interface RelationName {
  schema?: string;
  name: string;
}

const key = ({ schema, name }: RelationName) => `${schema ?? ''}\u0000${name}`;

export class Namespace {
  /** Where unqualified names go (search_path, or the schema a CREATE SCHEMA is creating). */
  defaultSchema: string | undefined;
  private readonly tables = new Map<string, TableModel>();

  /** A RangeVar's name, its schema the default when it names none (public: none). */
  nameOf(rangeVar: Node): RelationName {
    const schema = rangeVar?.schemaname ?? this.defaultSchema;
    return { ...(schema && schema !== 'public' ? { schema } : {}), name: String(rangeVar?.relname ?? '') };
  }

  keyOf(rangeVar: Node): string {
    return key(this.nameOf(rangeVar));
  }

  get(rangeVar: Node): TableModel | undefined {
    const exact = this.tables.get(this.keyOf(rangeVar));
    if (exact || rangeVar?.schemaname) return exact;
    // Unqualified, and not where the default schema says: the one table of that name, wherever it is.
    const named = [...this.tables.values()].filter((t) => (t.sqlName ?? t.name) === rangeVar?.relname);
    return named.length === 1 ? named[0] : named.find((t) => !t.schema);
  }

  set(rangeVar: Node, table: TableModel): void {
    this.tables.set(this.keyOf(rangeVar), table);
  }

  deleteKey(k: string): TableModel | undefined {
    const table = this.tables.get(k);
    this.tables.delete(k);
    return table;
  }

  byKey(k: string): TableModel | undefined {
    return this.tables.get(k);
  }

  get size(): number {
    return this.tables.size;
  }

  values(): TableModel[] {
    return [...this.tables.values()];
  }
}

/**
 * Tables that share a name across schemas get distinct names in the
 * document (`archive_orders`), keeping the name as written (`sqlName`);
 * foreign keys follow.
 */
export function distinctNames(tables: TableModel[]): void {
  const byName = new Map<string, TableModel[]>();
  for (const t of tables) byName.set(t.name.toLowerCase(), [...(byName.get(t.name.toLowerCase()) ?? []), t]);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    // The table without a schema (public) keeps its name; the others take their schema's as a prefix.
    for (const t of group) {
      if (!t.schema || t === group.find((g) => !g.schema)) continue;
      t.sqlName ??= t.name;
      t.name = `${t.schema}_${t.name}`;
    }
  }
}
