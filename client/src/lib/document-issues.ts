import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { isIdentifier } from '@seedbed/engine/document';
import { describeError } from './errors';

/**
 * Validation problems of a blueprint document, located where the editor
 * shows them. The server names each by a path such as
 * `tables[0].fields[2].options.max` (PRODUCT.md §5); the editor turns that into
 * (table 0, field 2, `options.max`) and puts the message next to that cell.
 */
export interface LocatedIssue {
  path: string;
  message: string;
  /** Index of the table the issue is about, if any. */
  table?: number;
  /** Index of the field within that table, if any. */
  field?: number;
  /** What remains of the path below the table or field: `name`, `options.max`, `rows.min`, or '' for the object itself. */
  key: string;
}

const LOCATION = /^tables\[(\d+)\](?:\.fields\[(\d+)\])?(?:\.(.*))?$/;

/** Paths come relative to the document; mutation inputs may prefix them (`input.document.`). */
function documentPath(path: string): string {
  return path.replace(/^(input\.)?document\./, '');
}

export function locateIssue(issue: { path?: string; message: string }): LocatedIssue {
  const path = documentPath(issue.path ?? '');
  const match = LOCATION.exec(path);
  if (!match) return { path, message: issue.message, key: path };
  return {
    path,
    message: issue.message,
    table: Number(match[1]),
    field: match[2] === undefined ? undefined : Number(match[2]),
    key: match[3] ?? '',
  };
}

/**
 * The document problems an operation failed with: every issue of a
 * BAD_USER_INPUT error (the server lists them all), and any other error as a
 * document-level message. Null when the error is not the server refusing
 * the document (a network failure, a conflict), which the caller handles.
 */
export function documentIssuesOf(error: unknown): LocatedIssue[] | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const bad = error.errors.filter((e) => e.extensions?.code === 'BAD_USER_INPUT' || e.extensions?.code === 'UNIQUE_EXHAUSTED');
  if (bad.length === 0) return null;
  return bad.flatMap((e) => {
    const issues = e.extensions?.issues;
    if (Array.isArray(issues) && issues.length > 0) {
      return issues
        .filter((i): i is { path?: unknown; message: string } => typeof (i as { message?: unknown })?.message === 'string')
        .map((i) => locateIssue({ path: typeof i.path === 'string' ? i.path : undefined, message: i.message }));
    }
    const path = e.extensions?.path;
    return [locateIssue({ path: typeof path === 'string' ? path : undefined, message: e.message || describeError(error) })];
  });
}

interface Where {
  table?: number;
  field?: number;
  /** Exact key, or with `prefix` every key under it (`options` → `options.min`, `options.max`, ...). */
  key?: string;
  prefix?: boolean;
}

/** The messages of the issues at one place of the editor. */
export function issuesAt(issues: readonly LocatedIssue[], where: Where): string[] {
  return issues
    .filter((i) => {
      if (i.table !== where.table || i.field !== where.field) return false;
      if (where.key === undefined) return true;
      if (where.prefix) return i.key === where.key || i.key.startsWith(`${where.key}.`) || i.key.startsWith(`${where.key}[`);
      return i.key === where.key;
    })
    .map((i) => i.message);
}

/** Whether any issue lies inside a table (itself, its rows, or any of its fields): marks it in the side list. */
export function tableHasIssues(issues: readonly LocatedIssue[], table: number): boolean {
  return issues.some((i) => i.table === table);
}

/** "users.email: must be ..." — the summary names places by name rather than index. */
export function describeIssuePlace(issue: LocatedIssue, tables: readonly { name: string; fields: readonly { name: string }[] }[]): string {
  if (issue.table === undefined) return issue.path || 'blueprint';
  const table = tables[issue.table];
  const tableName = table?.name || `table ${issue.table + 1}`;
  if (issue.field === undefined) return issue.key ? `${tableName} (${issue.key})` : tableName;
  const fieldName = table?.fields[issue.field]?.name || `field ${issue.field + 1}`;
  return issue.key ? `${tableName}.${fieldName} (${issue.key})` : `${tableName}.${fieldName}`;
}

function nameIssue(path: string, name: string, what: string, taken: Set<string>): { path: string; message: string } | undefined {
  if (name === '') return { path, message: `${what} needs a name.` };
  if (!isIdentifier(name)) return { path, message: `${what} name must start with a letter or _ and hold only letters, digits and _ (at most 63).` };
  if (taken.has(name.toLowerCase())) return { path, message: `Another ${what.toLowerCase()} is already called ${name} (names ignore case).` };
  taken.add(name.toLowerCase());
  return undefined;
}

/**
 * What the editor can tell at once, before the server answers, in the
 * words of the screen (Null % is a percentage there, not the document's
 * 0–1 rate). The server's own issues still come and are merged in.
 */
export function instantIssues(document: { tables: readonly { name: string; rows: unknown; fields: readonly { name: string; nullRate?: number }[] }[] }): LocatedIssue[] {
  const found: { path: string; message: string }[] = [];
  const tableNames = new Set<string>();
  document.tables.forEach((table, t) => {
    const bad = nameIssue(`tables[${t}].name`, table.name, 'Table', tableNames);
    if (bad) found.push(bad);
    if (typeof table.rows === 'number' && !(Number.isInteger(table.rows) && table.rows >= 0)) {
      found.push({ path: `tables[${t}].rows`, message: 'Row count must be a whole number, 0 or more.' });
    }
    const fieldNames = new Set<string>();
    table.fields.forEach((field, f) => {
      const badField = nameIssue(`tables[${t}].fields[${f}].name`, field.name, 'Field', fieldNames);
      if (badField) found.push(badField);
      const rate = field.nullRate;
      if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && rate <= 1)) {
        found.push({ path: `tables[${t}].fields[${f}].nullRate`, message: 'Null % must be between 0 and 100.' });
      }
    });
  });
  return found.map(locateIssue);
}

/** The editor's instant issues, then the server's, leaving out the server's at a place the editor already speaks for. */
export function mergeIssues(instant: readonly LocatedIssue[], server: readonly LocatedIssue[]): LocatedIssue[] {
  const covered = new Set(instant.map((i) => i.path));
  const seen = new Set<string>();
  return [...instant, ...server.filter((i) => !covered.has(i.path))].filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const KEY_LABELS: Record<string, string> = {
  name: 'Name',
  generator: 'Generator',
  nullRate: 'Null %',
  unique: 'Unique',
  primaryKey: 'Primary key',
  rows: 'Rows',
  'rows.perParent': 'Parent table',
  'rows.min': 'Min per parent',
  'rows.max': 'Max per parent',
  'rows.mean': 'Mean',
  'rows.exponent': 'Exponent',
  locale: 'Locale',
  seed: 'Default seed',
  refDate: 'Reference date',
};

/**
 * An issue as the summary lists it: where, counted from 1 as the grid and
 * the table list count ("Table 2 orders, field 3 user_id"), and what.
 */
export function describeIssue(issue: LocatedIssue, tables: readonly { name: string; fields: readonly { name: string }[] }[], humanize: (name: string) => string = (n) => n): { place: string; text: string } {
  const table = issue.table === undefined ? undefined : tables[issue.table];
  let place = 'Blueprint';
  if (issue.table !== undefined) {
    place = `Table ${issue.table + 1}${table?.name ? ` ${table.name}` : ''}`;
    if (issue.field !== undefined) {
      const field = table?.fields[issue.field];
      place += `, field ${issue.field + 1}${field?.name ? ` ${field.name}` : ''}`;
    }
  }
  const option = /^options\.([^.[]+)/.exec(issue.key);
  const what = KEY_LABELS[issue.key] ?? (option ? `Option “${humanize(option[1])}”` : issue.key);
  return { place, text: what === '' ? issue.message : withSubject(what, issue.message) };
}

/** "must be ..." said of a control: "Null % must be ...". Messages that already name their subject (they start with a capital) stay as they are. */
export function withSubject(subject: string, message: string): string {
  return /^[A-Z]/.test(message) ? message : `${subject} ${message}`;
}
