import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describeIssuePlace, documentIssuesOf, issuesAt, locateIssue, tableHasIssues } from '../../src/lib/document-issues';

describe('locateIssue', () => {
  it.each([
    ['tables[0].fields[2].options.max', { table: 0, field: 2, key: 'options.max' }],
    ['tables[1].fields[0].name', { table: 1, field: 0, key: 'name' }],
    ['tables[3].fields[12]', { table: 3, field: 12, key: '' }],
    ['tables[1].rows.perParent', { table: 1, key: 'rows.perParent' }],
    ['tables[0].primaryKey', { table: 0, key: 'primaryKey' }],
    ['input.document.tables[2].fields[1].unique', { table: 2, field: 1, key: 'unique' }],
    ['locale', { key: 'locale' }],
    ['input.table', { key: 'input.table' }],
  ])('%s', (path, expected) => {
    const located = locateIssue({ path, message: 'm' });
    expect(located).toMatchObject(expected);
    if (!('table' in expected)) expect(located.table).toBeUndefined();
    if (!('field' in expected) || expected.field === undefined) expect(located.field).toBeUndefined();
  });
});

describe('documentIssuesOf', () => {
  it('lists every issue of a BAD_USER_INPUT error, located', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'tables[0].fields[1].options.max: must be ≥ min (and 1 more)',
          extensions: {
            code: 'BAD_USER_INPUT',
            path: 'tables[0].fields[1].options.max',
            issues: [
              { path: 'tables[0].fields[1].options.max', message: 'must be ≥ min (5)' },
              { path: 'tables[1].name', message: 'must be an SQL identifier' },
            ],
          },
        },
      ],
    });
    const issues = documentIssuesOf(error)!;
    expect(issues).toHaveLength(2);
    expect(issuesAt(issues, { table: 0, field: 1, key: 'options.max' })).toEqual(['must be ≥ min (5)']);
    expect(issuesAt(issues, { table: 0, field: 1, key: 'options', prefix: true })).toEqual(['must be ≥ min (5)']);
    expect(issuesAt(issues, { table: 1, key: 'name' })).toEqual(['must be an SQL identifier']);
    expect(issuesAt(issues, { table: 0, field: 0 })).toEqual([]);
    expect(tableHasIssues(issues, 1)).toBe(true);
    expect(tableHasIssues(issues, 2)).toBe(false);
  });

  it('falls back to extensions.path without an issue list', () => {
    const error = new CombinedGraphQLErrors({ errors: [{ message: 'unknown generator', extensions: { code: 'BAD_USER_INPUT', path: 'tables[0].fields[0].generator' } }] });
    expect(documentIssuesOf(error)).toEqual([{ path: 'tables[0].fields[0].generator', message: 'unknown generator', table: 0, field: 0, key: 'generator' }]);
  });

  it('is null for errors that are not about the document', () => {
    expect(documentIssuesOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(documentIssuesOf(new CombinedGraphQLErrors({ errors: [{ message: 'stale', extensions: { code: 'CONFLICT' } }] }))).toBeNull();
  });

  it('names places by table and field names in the summary', () => {
    const tables = [{ name: 'users', fields: [{ name: 'id' }, { name: 'age' }] }];
    expect(describeIssuePlace(locateIssue({ path: 'tables[0].fields[1].options.max', message: '' }), tables)).toBe('users.age (options.max)');
    expect(describeIssuePlace(locateIssue({ path: 'tables[0].rows', message: '' }), tables)).toBe('users (rows)');
    expect(describeIssuePlace(locateIssue({ path: 'seed', message: '' }), tables)).toBe('seed');
  });
});
