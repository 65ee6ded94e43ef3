import type { OutputFormat, SqlDialect, StartRunInput } from '../__generated__/graphql';
import { errorCode, noErrors, toFormErrors, type FormErrors } from './errors';
import { defaultOutputOptions, outputOptionProblems, toOutputOptionsInput, type OutputOptionValues } from './output-options';

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['CSV', 'TSV', 'JSON', 'NDJSON', 'SQL'];
export const SQL_DIALECTS: readonly SqlDialect[] = ['POSTGRES', 'MYSQL', 'SQLITE'];

/** The start-run form as the user filled it in; numbers stay text until checked. */
export interface StartRunValues {
  targetKind: 'FILES' | 'DATABASE';
  formats: OutputFormat[];
  dialect: SqlDialect;
  gzip: boolean;
  /** How CSV, TSV and JSON files are written; options of formats not chosen are not sent. */
  output: OutputOptionValues;
  databaseUrl: string;
  truncate: boolean;
  createTables: boolean;
  /** Empty: the blueprint's own row counts. */
  rows: string;
  /** The table `rows` applies to; empty: the server's default (the first with a fixed count). */
  table: string;
  /** Empty: the blueprint's seed. */
  seed: string;
}

export const initialStartRunValues: StartRunValues = {
  targetKind: 'FILES',
  formats: ['CSV'],
  dialect: 'POSTGRES',
  gzip: false,
  output: defaultOutputOptions,
  databaseUrl: '',
  truncate: false,
  createTables: true,
  rows: '',
  table: '',
  seed: '',
};

/** Form field keys are input paths without `input.`, so server errors land on the same fields as the form's own checks. */
export const START_RUN_FIELDS = {
  'target.files.formats': 'Formats',
  'target.files.dialect': 'SQL dialect',
  'target.database.url': 'Database URL',
  rows: 'Rows',
  table: 'Table',
  seed: 'Seed',
  'output.delimiter': 'Delimiter',
  'output.lineEnding': 'Line ending',
  'output.nullMarker': 'NULL marker',
} as const;

const INT32_MAX = 2 ** 31 - 1;

/** Checks the form and builds the mutation input, or says what to fix (before asking the server). */
export function toStartRunInput(blueprintId: string, values: StartRunValues): { input: StartRunInput } | { errors: FormErrors } {
  const fields: Record<string, string> = {};
  const input: StartRunInput = { blueprintId, target: {} };

  if (values.targetKind === 'FILES') {
    if (values.formats.length === 0) fields['target.files.formats'] = 'Choose at least one format.';
    input.target = { files: { formats: OUTPUT_FORMATS.filter((f) => values.formats.includes(f)), dialect: values.dialect, gzip: values.gzip } };
    for (const [option, problem] of Object.entries(outputOptionProblems(values.output, values.formats))) fields[`output.${option}`] = problem;
    const output = toOutputOptionsInput(values.output, values.formats);
    if (output) input.output = output;
  } else {
    const url = values.databaseUrl.trim();
    if (!url) fields['target.database.url'] = 'Enter the URL of the PostgreSQL database to load.';
    else if (!/^postgres(ql)?:\/\//i.test(url)) fields['target.database.url'] = 'The URL starts with postgres:// or postgresql://.';
    input.target = { database: { url, truncate: values.truncate, createTables: values.createTables } };
  }

  const rows = values.rows.trim();
  if (rows) {
    const count = Number(rows);
    if (!Number.isSafeInteger(count) || count < 0) fields.rows = 'Rows must be a whole number of at least 0.';
    else {
      input.rows = count;
      if (values.table) input.table = values.table;
    }
  }

  const seed = values.seed.trim();
  if (seed) {
    const number = Number(seed);
    if (!Number.isInteger(number) || number < 0 || number > INT32_MAX) fields.seed = `Seed must be a whole number from 0 to ${INT32_MAX}.`;
    else input.seed = number;
  }

  return Object.keys(fields).length > 0 ? { errors: { fields, form: [] } } : { input };
}

/**
 * A refused startRun as messages at the fields they concern: input errors by
 * their path; a refused or unreachable database at its URL (the server names
 * no path for those, but the URL is the only thing the user can change).
 */
export function startRunErrors(error: unknown): FormErrors {
  const code = errorCode(error);
  if (code === 'TARGET_REFUSED' || code === 'TARGET_UNREACHABLE') {
    const { form } = toFormErrors(error, {});
    return { ...noErrors, fields: { 'target.database.url': form.join(' ') } };
  }
  return toFormErrors(error, START_RUN_FIELDS);
}
