/**
 * The enum types and domains a table's declared `sqlType`s name, as
 * PostgreSQL statements to run before its CREATE TABLE. Each is wrapped so
 * that running it twice does nothing (PostgreSQL has no CREATE TYPE IF NOT
 * EXISTS): a table's own script, a whole-blueprint script and a loader that
 * creates only missing tables can all say it.
 */
import { sortedEntries } from '../document/canonical';
import type { Dialect } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import { sqlTypeOfField } from '../plan/columns';

/** `public.mpaa_rating[]`, `"Mood"` → `mpaa_rating`, `mood`: the name a sqlType refers to, for matching. */
function baseName(sqlType: string): string {
  const stripped = sqlType.trim().replace(/(\s*\[\s*\d*\s*\])+$/, '').replace(/"/g, '');
  return stripped.slice(stripped.lastIndexOf('.') + 1).toLowerCase();
}

/** A type name as written: lowercase names bare (as the source most likely wrote them), others quoted per part. */
export function typeName(name: string): string {
  return name
    .split('.')
    .map((part) => (/^[a-z_][a-z0-9_]*$/.test(part) ? part : `"${part.replace(/"/g, '""')}"`))
    .join('.');
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Runs `statement` unless the object exists already; the dollar tag is one the statement does not contain. */
function once(statement: string): string {
  let tag = '$seedbed$';
  for (let n = 1; statement.includes(tag); n++) tag = `$seedbed${n}$`;
  return `DO ${tag} BEGIN ${statement}; EXCEPTION WHEN duplicate_object THEN NULL; END ${tag};\n`;
}

/** Types an extension provides, and the extension: a script that creates the table in an empty database creates it first. */
const EXTENSION_TYPES: Record<string, string> = { citext: 'citext', geometry: 'postgis', geography: 'postgis' };

/** `CREATE EXTENSION IF NOT EXISTS` for the extension types the table's columns (or their domains) are declared with. */
function extensionsDdl(plan: Plan, table: TablePlan, dialect: Dialect): string {
  const needed = new Set<string>();
  const domains = new Map(sortedEntries(plan.domains).map(([name, domain]) => [baseName(name), domain.type]));
  for (const field of table.fields) {
    let name = baseName(sqlTypeOfField(field, dialect, plan)).replace(/\s*\(.*$/s, '');
    // Through domains (a domain over citext), a few levels at most.
    for (let depth = 0; domains.has(name) && depth < 8; depth++) name = baseName(domains.get(name)!).replace(/\s*\(.*$/s, '');
    if (Object.hasOwn(EXTENSION_TYPES, name)) needed.add(EXTENSION_TYPES[name]);
  }
  return [...needed].sort().map((e) => `CREATE EXTENSION IF NOT EXISTS ${e};\n`).join('');
}

/** Extension, enum and domain definitions the table's columns need, dependencies first (a domain over an enum). */
export function declaredTypesDdl(plan: Plan, table: TablePlan, dialect: Dialect): string {
  if (dialect !== 'postgres' || plan.sqlDialect !== 'postgres') return '';
  return extensionsDdl(plan, table, dialect) + enumsAndDomainsDdl(plan, table, dialect);
}

function enumsAndDomainsDdl(plan: Plan, table: TablePlan, dialect: Dialect): string {
  const enums = new Map(sortedEntries(plan.enums).map(([name, labels]) => [baseName(name), { name, labels }]));
  const domains = new Map(sortedEntries(plan.domains).map(([name, domain]) => [baseName(name), { name, domain }]));
  if (!enums.size && !domains.size) return '';
  let out = '';
  const done = new Set<string>();
  const need = (sqlType: string, depth = 0) => {
    const key = baseName(sqlType);
    if (done.has(key) || depth > 16) return;
    done.add(key);
    // A type in a schema of its own (`"Person"."NameStyle"`) needs that schema first.
    const schema = [...enums.values(), ...domains.values()].find((t) => baseName(t.name) === key)?.name.split('.').slice(0, -1)[0];
    if (schema && schema.toLowerCase() !== 'public') out += `CREATE SCHEMA IF NOT EXISTS ${typeName(schema).startsWith('"') ? typeName(schema) : `"${schema}"`};\n`;
    const e = enums.get(key);
    if (e) out += once(`CREATE TYPE ${typeName(e.name)} AS ENUM (${e.labels.map(literal).join(', ')})`);
    const d = domains.get(key);
    if (d) {
      need(d.domain.type, depth + 1);
      out += once(`CREATE DOMAIN ${typeName(d.name)} AS ${d.domain.type}${d.domain.check ? ` CHECK (${d.domain.check})` : ''}`);
    }
  };
  // Through references too: a column pointing at an enum key has that enum's type.
  for (const field of table.fields) need(sqlTypeOfField(field, dialect, plan));
  return out;
}
