import { parseArgs } from 'node:util';
import { EngineError, searchGenerators, validateBlueprint } from '@seedbed/engine';
import { printIssues, readBlueprint } from './io';
import { documentLimits } from '../settings';
import { ServerRefusedError, ServerUnreachableError } from './remote';
import { EXIT, USAGE, UsageError } from './usage';

// Each command's module is loaded when that command runs: `import` pulls in
// GraphQL and the SQL parsers, `mock` a server and an IDE page, `load` the
// database drivers, which `generate` (the command CI and test suites run
// most) never needs. A `require`, not `import()`: the dev path loads
// TypeScript through a require hook that the ESM loader does not use.
const commands = {
  generate: () => require('./generate') as typeof import('./generate'),
  diff: () => require('./diff') as typeof import('./diff'),
  load: () => require('./load') as typeof import('./load'),
  import: () => require('./import') as typeof import('./import'),
  mock: () => require('./mock') as typeof import('./mock'),
  codegen: () => require('./codegen') as typeof import('./codegen'),
};

const GENERATE_OPTIONS = {
  table: { type: 'string' },
  rows: { type: 'string' },
  seed: { type: 'string' },
  format: { type: 'string' },
  dialect: { type: 'string' },
  out: { type: 'string' },
  offset: { type: 'string' },
  workers: { type: 'string' },
  delimiter: { type: 'string' },
  'no-header': { type: 'boolean' },
  crlf: { type: 'boolean' },
  lf: { type: 'boolean' },
  null: { type: 'string' },
  pretty: { type: 'boolean' },
  'data-only': { type: 'boolean' },
  'escape-formulas': { type: 'boolean' },
  server: { type: 'string' },
  blueprint: { type: 'string' },
  revision: { type: 'string' },
  shard: { type: 'string' },
} as const;

/** Runs the `seedbed` command and resolves to its exit code (PRODUCT.md §10). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    // `seedbed import --help`: the usage, not an unknown option.
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(USAGE);
      return EXIT.OK;
    }
    switch (command) {
      case 'version':
      case '--version':
      case '-v':
        process.stdout.write(`${(require('../../package.json') as { version: string }).version}\n`);
        return EXIT.OK;
      case 'generate': {
        const { values, positionals } = parseArgs({ args: rest, options: GENERATE_OPTIONS, allowPositionals: true });
        if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
        await commands.generate().generate(positionals[0], values);
        return EXIT.OK;
      }
      case 'validate': {
        const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true });
        const doc = readBlueprint(positionals[0]);
        const issues = validateBlueprint(doc, documentLimits(process.env));
        if (issues.length) {
          printIssues(issues);
          process.stderr.write(`${issues.length} ${issues.length === 1 ? 'problem' : 'problems'} in ${positionals[0]} (positions count from 0, as in the JSON)\n`);
          return EXIT.INVALID;
        }
        process.stdout.write(`${positionals[0]}: valid (${doc.tables.length} tables)\n`);
        return EXIT.OK;
      }
      case 'generators':
        return listGenerators(rest);
      case 'diff':
        return commands.diff().diffCommand(rest);
      case 'load':
        return await commands.load().load(rest);
      case 'import':
        return await commands.import().importCommand(rest);
      case 'mock':
        return await commands.mock().mockCommand(rest);
      case 'codegen':
        return await commands.codegen().codegenCommand(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE);
        return command === undefined ? EXIT.USAGE : EXIT.OK;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    return report(e);
  }
}

function listGenerators(args: string[]): number {
  const { values } = parseArgs({ args, options: { search: { type: 'string' }, category: { type: 'string' }, json: { type: 'boolean' } } });
  const found = searchGenerators(values.search, values.category);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(found.map((g) => ({ ...g, examples: g.examples })), null, 2)}\n`);
    return EXIT.OK;
  }
  const width = Math.max(10, ...found.map((g) => g.id.length));
  for (const g of found) process.stdout.write(`${g.id.padEnd(width)}  ${g.outputType.padEnd(8)}  ${g.description}\n`);
  process.stderr.write(`${found.length} generator(s)\n`);
  return EXIT.OK;
}

function report(e: unknown): number {
  if (e instanceof UsageError || (e as NodeJS.ErrnoException)?.code?.startsWith?.('ERR_PARSE_ARGS')) {
    process.stderr.write(`seedbed: ${(e as Error).message}\n\n${USAGE}`);
    return EXIT.USAGE;
  }
  if (e instanceof ServerUnreachableError || e instanceof ServerRefusedError) {
    process.stderr.write(`seedbed: ${e.message}\n`);
    return EXIT.TARGET;
  }
  if (e instanceof EngineError) {
    if (e.issues?.length) printIssues(e.issues);
    else process.stderr.write(`${e.code}: ${e.message}\n`);
    return EXIT.INVALID;
  }
  process.stderr.write(`seedbed: ${(e as Error)?.stack ?? e}\n`);
  return 70;
}
