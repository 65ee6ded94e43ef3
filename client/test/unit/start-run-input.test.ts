import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { initialStartRunValues, startRunErrors, toStartRunInput, type StartRunValues } from '../../src/lib/start-run-input';

const values = (patch: Partial<StartRunValues>): StartRunValues => ({ ...initialStartRunValues, ...patch });
const refusal = (code: string, message: string, extensions: Record<string, unknown> = {}) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code, ...extensions } }] });

describe('toStartRunInput', () => {
  it('builds a files target with the formats in a stable order, and leaves out what the blueprint decides', () => {
    expect(toStartRunInput('b1', values({ formats: ['SQL', 'CSV'], dialect: 'MYSQL', gzip: true }))).toEqual({
      input: { blueprintId: 'b1', target: { files: { formats: ['CSV', 'SQL'], dialect: 'MYSQL', gzip: true } } },
    });
  });

  it('builds a database target with rows for a named table and a seed', () => {
    expect(toStartRunInput('b1', values({ targetKind: 'DATABASE', databaseUrl: ' postgres://u:p@db.example.com/app ', truncate: true, rows: '5000', table: 'orders', seed: '7' }))).toEqual({
      input: { blueprintId: 'b1', rows: 5000, table: 'orders', seed: 7, target: { database: { url: 'postgres://u:p@db.example.com/app', truncate: true, createTables: true } } },
    });
  });

  it('names every field to fix before the server is asked', () => {
    expect(toStartRunInput('b1', values({ formats: [], rows: '1.5', seed: '-1' }))).toEqual({
      errors: {
        form: [],
        fields: {
          'target.files.formats': 'Choose at least one format.',
          rows: 'Rows must be a whole number of at least 0.',
          seed: 'Seed must be a whole number from 0 to 2147483647.',
        },
      },
    });
    expect(toStartRunInput('b1', values({ targetKind: 'DATABASE', databaseUrl: '' }))).toMatchObject({ errors: { fields: { 'target.database.url': expect.stringMatching(/Enter the URL/) } } });
    expect(toStartRunInput('b1', values({ targetKind: 'DATABASE', databaseUrl: 'mysql://x/y' }))).toMatchObject({ errors: { fields: { 'target.database.url': expect.stringMatching(/postgres:\/\//) } } });
  });
});

describe('startRunErrors', () => {
  it('puts an input error under the field its path names, as a sentence of its own', () => {
    const error = refusal('BAD_USER_INPUT', 'choose one or more of csv, tsv, json, ndjson, sql', { path: 'input.target.files.formats' });
    expect(startRunErrors(error)).toEqual({ form: [], fields: { 'target.files.formats': 'Choose one or more of csv, tsv, json, ndjson, sql.' } });
    expect(startRunErrors(refusal('BAD_USER_INPUT', 'at most 1000000000 rows are allowed in a run', { path: 'input.rows' })).fields.rows).toBe('At most 1000000000 rows are allowed in a run.');
    expect(startRunErrors(refusal('BAD_USER_INPUT', 'must be at most 2147483647', { path: 'input.seed' })).fields.seed).toBe('Seed must be at most 2147483647.');
  });

  it('puts a refused or unreachable database under its URL', () => {
    const refused = refusal('TARGET_REFUSED', 'The address 169.254.169.254 of "meta" is link-local; loads there are not allowed.');
    expect(startRunErrors(refused)).toEqual({ form: [], fields: { 'target.database.url': 'The address 169.254.169.254 of "meta" is link-local; loads there are not allowed.' } });
    expect(startRunErrors(refusal('TARGET_UNREACHABLE', 'The database host "nope" could not be resolved (ENOTFOUND).')).fields['target.database.url']).toMatch(/could not be resolved/);
  });

  it('keeps anything else for the form as a whole', () => {
    expect(startRunErrors(refusal('FORBIDDEN', 'Starting runs needs the EDITOR role.'))).toEqual({ fields: {}, form: ['Starting runs needs the EDITOR role.'] });
    expect(startRunErrors(refusal('BAD_USER_INPUT', 'blueprint has no revision 9', { path: 'input.revision' })).form).toEqual(['blueprint has no revision 9']);
  });
});
