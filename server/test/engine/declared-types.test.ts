/**
 * The declared type as a hard rule: `validate` refuses a generator whose
 * values a column's sqlType cannot hold, with the field's path and the type,
 * in each dialect; and passes what fits (or what cannot be known ahead).
 */
import { validateBlueprint } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef } from '../../../packages/engine/src/document/types';
import { doc } from './helpers';

const one = (field: FieldDef, extra: Partial<BlueprintDocument> = {}, rows = 50): BlueprintDocument =>
  doc([{ name: 't', rows, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, field] }], extra);

const issues = (d: BlueprintDocument) => validateBlueprint(d).map((i) => `${i.path}: ${i.message}`);

describe('the declared type as a hard rule', () => {
  it.each<[string, FieldDef, Partial<BlueprintDocument>, RegExp]>([
    ['decimals for a bigint', { name: 'byte_size', generator: 'number.float', options: { min: 1, max: 100 }, sqlType: 'bigint' }, {}, /^tables\[0\]\.fields\[1\]\.generator: number\.float makes numbers with decimals \(such as 66\.2\), not whole numbers; the column is declared bigint$/],
    ['a range past smallint', { name: 'depth', generator: 'number.int', options: { min: 0, max: 100000 }, sqlType: 'smallint' }, {}, /fields\[1\]\.options\.max: number\.int makes values up to 100,000; the column is declared smallint \(-32,768 to 32,767\)/],
    ['a negative number for an unsigned column', { name: 'n', generator: 'number.int', options: { min: -5, max: 5 }, sqlType: 'tinyint unsigned' }, { sqlDialect: 'mysql' }, /options\.min: number\.int makes values down to -5; the column is declared tinyint unsigned \(0 to 255\)/],
    ['a default range past numeric(5,2)', { name: 'price', generator: 'commerce.price', sqlType: 'numeric(5,2)' }, {}, /commerce\.price makes values up to 1,000; the column is declared numeric\(5,2\)/],
    ['text longer than varchar(n)', { name: 'code', generator: 'regex', options: { pattern: '[A-Z]{12}' }, sqlType: 'varchar(8)' }, {}, /regex can make text of up to 12 bytes; the column is declared varchar\(8\) \(at most 8 characters\)/],
    ['a value longer than char(n)', { name: 'flag', generator: 'weighted', options: { values: { Y: 1, YES: 1 } }, sqlType: 'character(1)' }, {}, /weighted makes "YES", 3 characters long; the column is declared character\(1\)/],
    ['a label the enum lacks', { name: 'rating', generator: 'list', options: { values: ['G', 'XXX'] }, sqlType: 'mpaa_rating' }, { enums: { mpaa_rating: ['G', 'PG'] } }, /list makes "XXX", which is not one of the enum's labels \(G, PG\)/],
    ['free text for an inline enum', { name: 'status', generator: 'lorem.word', sqlType: "enum('active','closed')" }, { sqlDialect: 'mysql' }, /lorem\.word makes values it does not take from the enum's labels \(active, closed\)/],
    ['a domain over a short varchar', { name: 'name', generator: 'constant', options: { value: 'x'.repeat(60) }, sqlType: '"Name"' }, { domains: { Name: { type: 'character varying(50)' } } }, /constant makes "x{40}…", 60 characters long; the column is declared "Name" \(at most 50 characters\)/],
    ['numbers for a date', { name: 'born', generator: 'number.int', sqlType: 'date' }, {}, /number\.int makes integer values, not dates/],
    ['a sequence past integer', { name: 'n', generator: 'sequence', options: { start: 2147483600 }, sqlType: 'integer' }, {}, /sequence makes values up to 2,147,483,649; the column is declared integer/],
    ["MySQL's YEAR", { name: 'y', generator: 'number.int', options: { min: 1800, max: 2000 }, sqlType: 'year' }, { sqlDialect: 'mysql' }, /options\.min: number\.int makes values down to 1,800; the column is declared year \(1,901 to 2,155\)/],
  ])('refuses %s', (_what, field, extra, message) => {
    expect(issues(one(field, extra))).toEqual([expect.stringMatching(message)]);
  });

  it.each<[string, FieldDef, Partial<BlueprintDocument>]>([
    ['whole numbers in range', { name: 'n', generator: 'number.int', options: { min: 0, max: 5 }, sqlType: 'smallint' }, {}],
    ['decimals for numeric', { name: 'p', generator: 'number.float', options: { min: 0, max: 999.99, fractionDigits: 2 }, sqlType: 'numeric(5,2)' }, {}],
    ['booleans for MySQL tinyint(1)', { name: 'b', generator: 'datatype.boolean', sqlType: 'tinyint(1)' }, { sqlDialect: 'mysql' }],
    ['names of unknown length for varchar', { name: 'first', generator: 'person.firstName', sqlType: 'varchar(40)' }, {}],
    ['labels for an enum', { name: 'r', generator: 'weighted', options: { values: { G: 1, PG: 2 } }, sqlType: 'public.mpaa_rating' }, { enums: { mpaa_rating: ['G', 'PG'] } }],
    ['a type it does not know', { name: 'g', generator: 'lorem.word', sqlType: 'tsvector' }, {}],
    ['dates for a timestamp', { name: 'd', generator: 'date.between', options: { from: '2020-01-01', to: '2021-01-01' }, sqlType: 'timestamp with time zone' }, {}],
  ])('passes %s', (_what, field, extra) => {
    expect(issues(one(field, extra))).toEqual([]);
  });

  it('counts a sequence of a table sized per parent to its most rows', () => {
    const d = doc([
      { name: 'p', rows: 100, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
      { name: 'c', rows: { perParent: 'p', min: 0, max: 2 }, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence', options: { start: 32700 }, sqlType: 'smallint' }, { name: 'p_id', generator: 'ref', options: { table: 'p' } }] },
    ]);
    expect(issues(d)).toEqual([expect.stringMatching(/^tables\[1\]\.fields\[0\]\.generator: sequence makes values up to 32,899/)]);
  });
});
