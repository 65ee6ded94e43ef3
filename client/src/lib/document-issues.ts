import { CombinedGraphQLErrors } from '@apollo/client/errors';
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
