import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { outputIssues } from '@seedbed/engine';
import { outputOptionProblems } from '../../src/lib/output-options';
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

describe('output options of a run', () => {
  const output = (patch: Partial<StartRunValues['output']>) => ({ ...initialStartRunValues.output, ...patch });

  it('sends only the options the chosen formats use, and none left at their defaults', () => {
    expect(toStartRunInput('b1', values({ formats: ['CSV'] }))).toEqual({ input: { blueprintId: 'b1', target: { files: { formats: ['CSV'], dialect: 'POSTGRES', gzip: false } } } });
    expect(toStartRunInput('b1', values({ formats: ['CSV', 'JSON'], output: output({ delimiter: ';', header: false, lineEnding: 'lf', nullMarker: 'NULL', pretty: true }) }))).toMatchObject({
      input: { output: { delimiter: ';', header: false, lineEnding: 'LF', nullMarker: 'NULL', pretty: true } },
    });
    // Pretty is JSON's: a CSV-only run does not send it; CSV's options are not sent for JSON alone.
    expect(toStartRunInput('b1', values({ formats: ['CSV'], output: output({ pretty: true }) }))).not.toHaveProperty('input.output');
    expect(toStartRunInput('b1', values({ formats: ['JSON', 'SQL'], output: output({ delimiter: ';', header: false }) }))).not.toHaveProperty('input.output');
    // A database load takes no output options.
    expect(toStartRunInput('b1', values({ targetKind: 'DATABASE', databaseUrl: 'postgres://db.example.com/app', output: output({ delimiter: ';' }) }))).not.toHaveProperty('input.output');
  });

  it('refuses what the server refuses, under the option it concerns', () => {
    const errorsOf = (patch: Partial<StartRunValues>) => {
      const result = toStartRunInput('b1', values(patch));
      return 'errors' in result ? result.errors.fields : {};
    };
    expect(errorsOf({ output: output({ delimiter: ';;' }) })['output.delimiter']).toMatch(/exactly one character/);
    expect(errorsOf({ output: output({ delimiter: 'x' }) })['output.delimiter']).toMatch(/cannot be a quote, a backslash, a line break, a letter or a digit/);
    expect(errorsOf({ output: output({ delimiter: '"' }) })['output.delimiter']).toMatch(/quote/);
    expect(errorsOf({ output: output({ nullMarker: 'a,b' }) })['output.nullMarker']).toBe('The NULL marker cannot hold the CSV delimiter.');
    expect(errorsOf({ formats: ['TSV'], output: output({ nullMarker: 'a,b' }) })).toEqual({});
    expect(errorsOf({ output: output({ delimiter: ';', nullMarker: 'a;b' }) })['output.nullMarker']).toMatch(/CSV delimiter/);
    expect(errorsOf({ output: output({ nullMarker: 'say "null"' }) })['output.nullMarker']).toMatch(/quote or a line break/);
    expect(errorsOf({ output: output({ nullMarker: 'N'.repeat(33) }) })['output.nullMarker']).toMatch(/at most 32 characters/);
    // Options of formats not written are not checked.
    expect(errorsOf({ formats: ['JSON'], output: output({ delimiter: 'x' }) })).toEqual({});
  });

  it('refuses exactly what the server refuses (no drift between the two checks)', () => {
    const delimiters = ['', ',', ';', '|', '\t', ' ', ':', '~', 'x', 'Z', '7', '"', "'", '\\', '\n', '\r', ';;', '€', 'é', '٣'];
    const markers = ['', 'NULL', '\\N', 'a,b', 'a;b', 'a|b', 'a\tb', '"', "it's", 'x\ny', 'N'.repeat(32), 'N'.repeat(33)];
    for (const formats of [['csv'], ['tsv'], ['csv', 'tsv'], ['json']]) {
      for (const delimiter of delimiters) {
        for (const nullMarker of markers) {
          const client = outputOptionProblems({ ...initialStartRunValues.output, delimiter, nullMarker }, formats);
          const server = outputIssues({ ...(delimiter ? { delimiter } : {}), ...(nullMarker ? { nullMarker } : {}) }, formats);
          // The server checks options whatever the formats; a run sends only those its formats use.
          const relevant = formats.includes('json') ? [] : server;
          expect([formats, delimiter, nullMarker, Object.keys(client).sort()]).toEqual([formats, delimiter, nullMarker, [...new Set(relevant.map((i) => i.path))].sort()]);
        }
      }
    }
  });

  it('shows the server refusal of an option beside that option', () => {
    const error = refusal('BAD_USER_INPUT', 'input.output.nullMarker: cannot hold the CSV delimiter', {
      path: 'input.output.nullMarker',
      issues: [{ path: 'input.output.nullMarker', message: 'cannot hold the CSV delimiter' }],
    });
    expect(startRunErrors(error)).toEqual({ form: [], fields: { 'output.nullMarker': 'NULL marker cannot hold the CSV delimiter.' } });
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
