/**
 * `seedbed import --from SOURCE FILE|URL [--out blueprint.json]`: a schema a
 * team already has → a blueprint document (PRODUCT.md §12), the same import
 * the server runs. The document goes to --out (or standard output), the
 * report (each column's generator, confidence and reason; what was skipped)
 * to standard error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { validateBlueprint } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { importSample } from '@seedbed/import';
import { importSourceOf } from '@seedbed/import';
import type { ImportResult } from '@seedbed/import';
import { printIssues } from './io';
import { EXIT, UsageError } from './usage';
import { documentLimits, sharedLimits } from '../settings';

const SOURCES: Record<string, string> = {
  'postgres-ddl': 'POSTGRES_DDL',
  'mysql-ddl': 'MYSQL_DDL',
  'sqlite-ddl': 'SQLITE_DDL',
  'postgres-url': 'POSTGRES_URL',
  json: 'JSON_SAMPLE',
  csv: 'CSV_SAMPLE',
  graphql: 'GRAPHQL_SDL',
};

const OPTIONS = { from: { type: 'string' }, out: { type: 'string' }, name: { type: 'string' } } as const;

export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const source = values.from === undefined ? undefined : SOURCES[values.from];
  if (!source) throw new UsageError(`import needs --from ${Object.keys(SOURCES).join('|')}`);
  const handler = importSourceOf(source);
  if (!handler) throw new UsageError(`--from ${values.from} is not available`);
  if (positionals.length !== 1) throw new UsageError(`import reads one ${handler.input === 'url' ? 'URL' : 'FILE (- for standard input)'}`);
  const [input] = positionals;
  // Samples are read as a stream (a large export never sits in memory whole); schemas are read whole.
  const sample = source === 'JSON_SAMPLE' || source === 'CSV_SAMPLE' ? source : undefined;
  const value = sample || handler.input === 'url' ? input : input === '-' ? fs.readFileSync(0, 'utf8') : readFile(input);

  let result: ImportResult;
  try {
    result = sample
      ? await importSample(input === '-' ? process.stdin : openFile(input), sample, { ...(values.name ? { name: values.name } : {}), ...(input === '-' ? {} : { table: path.basename(input) }) })
      : await handler.run(value, { ...(values.name ? { name: values.name } : {}), allowPrivateTargets: process.env.SEEDBED_ALLOW_PRIVATE_TARGETS !== 'false', limits: sharedLimits(process.env) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    process.stderr.write(`seedbed: ${error.message}${error.extensions.path ? ` (${String(error.extensions.path).replace(/^input\./, '')})` : ''}\n`);
    return error.code === 'TARGET_REFUSED' || error.code === 'TARGET_UNREACHABLE' ? EXIT.TARGET : EXIT.INVALID;
  }
  printReport(result);
  const json = `${JSON.stringify(result.document, null, 2)}\n`;
  if (values.out && values.out !== '-') fs.writeFileSync(values.out, json);
  else process.stdout.write(json);
  const issues = validateBlueprint(result.document, documentLimits(process.env));
  if (issues.length) {
    printIssues(issues);
    process.stderr.write(`the document was written, but it is not a valid blueprint yet: ${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}\n`);
    return EXIT.INVALID;
  }
  return EXIT.OK;
}

function openFile(file: string): fs.ReadStream {
  if (!fs.existsSync(file)) throw new UsageError(`cannot read ${file}: ENOENT`);
  return fs.createReadStream(file);
}

function readFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function printReport({ document, report, skipped, mockAnswers }: ImportResult): void {
  const out = process.stderr;
  let table = '';
  for (const decision of report) {
    if (decision.table !== table) {
      table = decision.table;
      out.write(`${table}\n`);
    }
    const name = decision.field || (decision.generator === 'check' ? '(check)' : '(rows)');
    const values = decision.samples?.length ? `  e.g. ${decision.samples.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' | ')}` : '';
    out.write(`  ${name.padEnd(24)} ${decision.generator.padEnd(24)} ${decision.confidence.toFixed(2)}  ${decision.reason}${values}\n`);
  }
  // GRAPHQL_SDL: how `seedbed mock` will answer each root field and mutation, and what it leaves unbound.
  for (const answer of mockAnswers ?? []) {
    if (answer.kind === 'UNMAPPED') continue;
    out.write(`mock ${answer.field.padEnd(28)} ${answer.kind.padEnd(9)} ${answer.answer}\n`);
    for (const arg of answer.unbound) out.write(`  unbound ${arg}\n`);
  }
  for (const item of skipped) out.write(`skipped ${item.kind} ${item.name}: ${item.reason}\n`);
  out.write(`${document.tables.length} tables, ${report.filter((d) => d.field).length} fields, ${skipped.length} skipped\n`);
}
