import { describeIssue, instantIssues, locateIssue, mergeIssues } from '../../src/lib/document-issues';
import { humanizeName } from '../../src/lib/format';

const doc = (fields: { name: string; nullRate?: number }[], rows: unknown = 10) => ({ tables: [{ name: 'users', rows, fields: [] }, { name: 'orders', rows, fields }] });

describe('instant issues', () => {
  it('finds every bad name, duplicate, Null % and row count at once, in the screen’s words', () => {
    const issues = instantIssues(doc([{ name: 'id' }, { name: 'user id' }, { name: 'ID', nullRate: 1.5 }], 2.5));
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['tables[0].rows', 'Row count must be a whole number, 0 or more.'],
      ['tables[1].rows', 'Row count must be a whole number, 0 or more.'],
      ['tables[1].fields[1].name', 'Field name must start with a letter or _ and hold only letters, digits and _ (at most 63).'],
      ['tables[1].fields[2].name', 'Another field is already called ID (names ignore case).'],
      ['tables[1].fields[2].nullRate', 'Null % must be between 0 and 100.'],
    ]);
  });

  it('lets the editor speak for a place before the server, and keeps the server’s other issues', () => {
    const instant = instantIssues(doc([{ name: 'a', nullRate: 2 }]));
    const server = [locateIssue({ path: 'tables[1].fields[0].nullRate', message: 'must be <= 1' }), locateIssue({ path: 'tables[1].fields[0].options.max', message: 'must be ≥ min (5)' })];
    expect(mergeIssues(instant, server).map((i) => i.message)).toEqual(['Null % must be between 0 and 100.', 'must be ≥ min (5)']);
  });

  it('names places counted from 1, as the grid counts, with labels for options', () => {
    const tables = [{ name: 'users', fields: [] }, { name: 'orders', fields: [{ name: 'id' }, { name: 'total' }] }];
    expect(describeIssue(locateIssue({ path: 'tables[1].fields[1].options.multipleOf', message: 'must be positive' }), tables, humanizeName)).toEqual({
      place: 'Table 2 orders, field 2 total',
      text: 'Option “Multiple of” must be positive',
    });
    expect(describeIssue(locateIssue({ path: 'locale', message: 'unknown locale "xx"' }), tables).place).toBe('Blueprint');
  });
});
