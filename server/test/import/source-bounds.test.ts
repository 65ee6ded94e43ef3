/** The quick scan that bounds a schema's text before any parser runs (issue 23 row 4): real dumps pass, counts are exact. */
import fs from 'node:fs';
import path from 'node:path';
import { checkSourceBounds, SOURCE_LIMITS } from '../../src/modules/import/source-bounds';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const limits = (overrides: Partial<Record<keyof typeof SOURCE_LIMITS, number>>) => ({ ...SOURCE_LIMITS, ...overrides }) as typeof SOURCE_LIMITS;
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'passed';
};

describe('source bounds', () => {
  it.each([
    ['pg-dump.sql', 'POSTGRES_DDL'],
    ['pg-identity.sql', 'POSTGRES_DDL'],
    ['mysqldump.sql', 'MYSQL_DDL'],
    ['sqlite3-schema.sql', 'SQLITE_DDL'],
  ] as const)('lets the real dump %s through', (name, source) => {
    expect(refusal(() => checkSourceBounds(source, fixture(name)))).toBe('passed');
  });

  it('counts statements outside quotes, comments and dollar-quoted bodies', () => {
    const text = [
      `create function f() returns int as $body$ select 1; select 2; $body$ language sql;`,
      `comment on table t is 'a; b' ;`,
      `comment on column t.c is E'it\\'s; here';`,
      `/* one; /* nested; */ still a comment; */ create table t (c int);`,
      `-- a comment; with a semicolon`,
      `create table u ("odd;name" int);`,
    ].join('\n');
    expect(refusal(() => checkSourceBounds('POSTGRES_DDL', text, limits({ statements: 5 })))).toBe('passed');
    expect(refusal(() => checkSourceBounds('POSTGRES_DDL', text, limits({ statements: 4 })))).toMatch(/more than 4 statements \(line 6\)/);
  });

  it("reads MySQL's comments as MySQL does: plain ones do not nest, executable ones hold code", () => {
    const text = `/* /* plain */ /*!40101 SET NAMES utf8 */; # a; comment\ncreate table t (c int, \`a;b\` int, s varchar(3) default 'x\\';');\n`;
    expect(refusal(() => checkSourceBounds('MYSQL_DDL', text, limits({ statements: 2, itemsPerTable: 3 })))).toBe('passed');
    expect(refusal(() => checkSourceBounds('MYSQL_DDL', text, limits({ itemsPerTable: 2 })))).toMatch(/a table with more than 2 columns and constraints \(line 2\)/);
  });

  it('does not count partitions as tables', () => {
    const text = `create table m (d date) partition by range (d);\n${Array.from({ length: 5 }, (_, i) => `create table m_${i} partition of m for values from ('200${i}-01-01') to ('200${i}-12-31');`).join('\n')}`;
    expect(refusal(() => checkSourceBounds('POSTGRES_DDL', text, limits({ tables: 1 })))).toBe('passed');
  });

  it("counts a GraphQL type's fields, not its arguments, defaults or descriptions", () => {
    const sdl = `"""A: thing"""\ntype T {\n  "field: one"\n  a(x: Int = 1, y: [In!]): Int @deprecated(reason: "b: c")\n  b: [String!]!\n}\ninput I { a: Int = 3, b: J = { x: 1 } }\n`;
    expect(refusal(() => checkSourceBounds('GRAPHQL_SDL', sdl, limits({ fieldsPerType: 2 })))).toBe('passed');
    expect(refusal(() => checkSourceBounds('GRAPHQL_SDL', sdl, limits({ fieldsPerType: 1 })))).toMatch(/a type \(T\) with more than 1 fields \(line 2\)/);
  });
});
