import { sniffSource } from '../../src/components/import/sniff-source';

/** How the import screen guesses the source from what was pasted or dropped (the user can always pick another). */
describe('sniffSource', () => {
  const pgDump = `--
-- PostgreSQL database dump
--
SET statement_timeout = 0;
CREATE TYPE public.mpaa_rating AS ENUM ('G', 'PG', 'PG-13', 'R', 'NC-17');
CREATE TABLE public.film (
    film_id integer NOT NULL,
    title text NOT NULL
);`;
  const mysqlDump = `-- MySQL dump 10.13
/*!40101 SET NAMES utf8mb4 */;
CREATE TABLE \`film\` (
  \`film_id\` smallint unsigned NOT NULL AUTO_INCREMENT,
  PRIMARY KEY (\`film_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;`;
  const sqliteSchema = `CREATE TABLE film (film_id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL);
CREATE TABLE sqlite_sequence(name,seq);`;

  it.each([
    ['pg_dump output', pgDump, 'POSTGRES_DDL', 'it creates types or domains'],
    ['a table in the public schema', 'CREATE TABLE public.users (id int);', 'POSTGRES_DDL', 'it names the public schema'],
    ['serial columns', 'create table users (id bigserial primary key);', 'POSTGRES_DDL', 'it uses serial, identity or :: casts'],
    ['plain SQL', 'CREATE TABLE users (id int primary key, name varchar(40));', 'POSTGRES_DDL', 'it is SQL without any other dialect’s marks'],
    ['mysqldump output', mysqlDump, 'MYSQL_DDL', 'its tables name an ENGINE'],
    ['backticked names', 'CREATE TABLE `users` (`id` int);', 'MYSQL_DDL', 'its table names are in backticks'],
    ['sqlite3 .schema output', sqliteSchema, 'SQLITE_DDL', 'it mentions sqlite_sequence'],
    ['AUTOINCREMENT alone', 'CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT);', 'SQLITE_DDL', 'it uses AUTOINCREMENT'],
    ['a JSON array', '  [{"id": 1}]', 'JSON_SAMPLE', 'it starts with ['],
    ['NDJSON', '{"id": 1}\n{"id": 2}\n', 'JSON_SAMPLE', 'it starts with {'],
    ['a CSV export', 'id,name,email\n1,Ada,ada@example.com\n', 'CSV_SAMPLE', 'its first line is a header of 3 names split by commas'],
    ['a TSV export', 'id\tname\n1\tAda\n', 'CSV_SAMPLE', 'its first line is a header of 2 names split by tabs'],
    ['a GraphQL schema', 'type Query {\n  users: [User!]!\n}\ntype User { id: ID! }', 'GRAPHQL_SDL', 'it defines type Query or a schema block'],
    ['SDL types without Query', 'type User {\n  id: ID!\n}', 'GRAPHQL_SDL', 'it has GraphQL type definitions'],
    ['a database URL', ' postgres://app:secret@db.internal:5432/shop', 'POSTGRES_URL', 'it is a postgres:// URL'],
    ['a postgresql:// URL', 'postgresql://localhost/shop', 'POSTGRES_URL', 'it is a postgres:// URL'],
  ])('reads %s', (_, text, source, because) => {
    expect(sniffSource(text)).toEqual({ source, because });
  });

  it('goes by the file name when the text tells nothing', () => {
    expect(sniffSource('just one line', 'people.csv')).toEqual({ source: 'CSV_SAMPLE', because: 'the file ends in .csv' });
    expect(sniffSource('scalar Date', 'schema.graphql')?.source).toBe('GRAPHQL_SDL');
  });

  it('says nothing when nothing tells', () => {
    expect(sniffSource('')).toBeUndefined();
    expect(sniffSource('   \n')).toBeUndefined();
    expect(sniffSource('hello world')).toBeUndefined();
  });

  it('ignores a byte order mark', () => {
    expect(sniffSource('\uFEFF[{"a":1}]')?.source).toBe('JSON_SAMPLE');
  });
});
