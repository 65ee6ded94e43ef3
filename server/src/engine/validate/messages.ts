import type { ErrorObject } from 'ajv';
import { formatCount } from '../cell-limits';

/**
 * Validation messages as a person reads them next to the input they are
 * about: no JSON Schema words ("must be <= 1", "must match format"), no
 * doubled engine prefixes, numbers with thousands separators. The UI shows
 * them under a field's label, so they start with a verb ("must be …").
 */

/** A number as a limit is written: 1,000,000,000, 9,007,199,254,740,991 (a limit is exact, never "more than"), and small fractions as they are. */
export function formatLimit(n: number): string {
  if (Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return Number.isInteger(n) ? formatCount(n) : String(n);
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ');
}

/** Shares (null rates) are stored in [0, 1] and shown as percentages. */
function isShare(path: string): boolean {
  return /(^|\.)nullRate$/.test(path);
}

/** One ajv error as a sentence; `path` is where it will be shown (its last key names the input). */
export function describeAjvError(error: ErrorObject, path: string): string {
  const params = error.params as Record<string, unknown>;
  if (isShare(path) && ['minimum', 'maximum', 'type'].includes(error.keyword)) return 'must be between 0 and 1 (a share of the rows: 0.25 is 25%)';
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known key';
    case 'type':
      return `must be ${typeWords(params.type)}`;
    case 'minimum':
      return `must be at least ${formatLimit(params.limit as number)}`;
    case 'maximum':
      return `must be at most ${formatLimit(params.limit as number)}`;
    case 'exclusiveMinimum':
      return `must be more than ${formatLimit(params.limit as number)}`;
    case 'exclusiveMaximum':
      return `must be less than ${formatLimit(params.limit as number)}`;
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    case 'minLength':
      return params.limit === 1 ? 'cannot be empty' : `must be at least ${formatLimit(params.limit as number)} characters long`;
    case 'maxLength':
      return `must be at most ${formatLimit(params.limit as number)} characters long`;
    case 'minItems':
      return params.limit === 1 ? 'must have at least one entry' : `must have at least ${formatLimit(params.limit as number)} entries`;
    case 'maxItems':
      return `must have at most ${formatLimit(params.limit as number)} entries`;
    case 'minProperties':
      return `must have at least ${formatLimit(params.limit as number)} entries`;
    case 'maxProperties':
      return `must have at most ${formatLimit(params.limit as number)} entries`;
    case 'uniqueItems':
      return 'cannot list the same value twice';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      if (path.endsWith('refDate')) return 'must be a date such as 2025-01-01';
      if (/\]\.key$/.test(path)) return 'must be 1 to 64 letters, digits, _ or -';
      return 'must be an SQL identifier: a letter or _, then letters, digits or _ (at most 63)';
    case 'propertyNames':
      return 'has a name that is not allowed';
    case 'format':
      return `must be ${String(params.format).replace(/-/g, ' ')}`;
    default:
      return 'is not valid here';
  }
}

/** Why a pattern was refused, without the "Invalid regular expression: /…/:" preamble JavaScript and randexp's parser put first. */
export function regexReason(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = raw.replace(/^Invalid regular expression: \/[\s\S]*\/[a-z]*: /, '').replace(/^Invalid regular expression: /, '');
  return `${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

/**
 * A RegExp's SyntaxError as an issue: V8's "Invalid regular expression:
 * /([a-z/: Unterminated group" becomes "is not a valid regular expression:
 * unterminated group". A class left open reads on into what follows, so V8
 * blames a range it then meets (`[A-Z{3}-[0-9]` reads `}-[` as a range):
 * when a class holds a `[`, the missing `]` is said instead.
 */
export function regexMessage(error: unknown, pattern?: string): string {
  const open = pattern === undefined ? undefined : unclosedClass(pattern);
  if (open) return `is not a valid regular expression: a ] seems to be missing: the [ at character ${open.start + 1} is still open at the [ at character ${open.next + 1}`;
  return `is not a valid regular expression: ${regexReason(error)}`;
}

/** The first character class that takes in another `[` (an unescaped one), as positions in the pattern. */
function unclosedClass(pattern: string): { start: number; next: number } | undefined {
  let start = -1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (start < 0 && c === '[') {
      start = i;
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++; // `[]...]` and `[^]...]`: a leading ] is a member
    } else if (start >= 0 && c === ']') start = -1;
    else if (start >= 0 && c === '[') return { start, next: i };
  }
  return undefined;
}
