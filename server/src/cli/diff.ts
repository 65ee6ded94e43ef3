import { parseArgs } from 'node:util';
import { diffDocuments, formatDiff } from '../engine';
import { readBlueprint } from './io';
import { EXIT, UsageError } from './usage';

/**
 * `seedbed diff A.json B.json [--json]`: what changed from A to B, as the
 * editor's History shows it (tables and fields matched by their stable keys).
 * Exit 0 whether or not they differ; `--json` prints the structure itself.
 */
export function diffCommand(args: string[]): number {
  const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 2) throw new UsageError('diff needs two blueprint files: seedbed diff A.json B.json');
  const [before, after] = positionals.map(readBlueprint);
  const diff = diffDocuments(before, after);
  process.stdout.write(values.json ? `${JSON.stringify(diff, null, 2)}\n` : `${formatDiff(diff).join('\n')}\n`);
  return EXIT.OK;
}
