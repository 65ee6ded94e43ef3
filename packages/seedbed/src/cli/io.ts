import { readFileSync } from 'node:fs';
import { EngineError, type BlueprintDocument } from '@seedbed/engine';
import { UsageError } from './usage';

/** Reads a blueprint file: a missing file is a usage error, bad JSON an invalid blueprint. */
export function readBlueprint(file: string | undefined): BlueprintDocument {
  if (!file) throw new UsageError('missing BLUEPRINT.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as BlueprintDocument;
  } catch (e) {
    throw new EngineError('BAD_USER_INPUT', `${file} is not valid JSON: ${(e as Error).message}`, '');
  }
}

export function parseInteger(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  }
  return Number(value);
}

export function printIssues(issues: { path: string; message: string }[]): void {
  for (const issue of issues) process.stderr.write(`${issue.path || '(document)'}: ${issue.message}\n`);
}
