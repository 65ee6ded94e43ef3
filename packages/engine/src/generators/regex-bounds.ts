import RandExp from 'randexp';
import type { Tokens } from 'ret';

/** What randexp adds to the minimum of an unbounded `*`, `+` or `{n,}` unless `maxRepetition` says otherwise. */
export const REGEX_DEFAULT_MAX_REPETITION = 10;

// ret's token types (its `types` enum); only its type declarations are imported, ret being randexp's dependency.
const ROOT = 0, GROUP = 1, POSITION = 2, SET = 3, RANGE = 4, REPETITION = 5, REFERENCE = 6, CHAR = 7;

export class RegexBoundError extends Error {}

type Token = { type: number; [key: string]: any };

/**
 * The most UTF-8 bytes randexp can make from `pattern`, from the very token
 * tree it generates from: repetitions multiply (an unbounded one counts as
 * min + maxRepetition), alternatives take their longest, sets give one ASCII
 * character (randexp intersects them with printable ASCII), lookarounds
 * nothing. A back-reference repeats at most the longest capturing group. A
 * back-reference inside a capturing group is refused: within a repetition it
 * can double the group on every pass, which no bound describes.
 * Throws RegexBoundError with a message for the user.
 */
export function regexMaxBytes(pattern: string, maxRepetition: number): number {
  const tokens = (new RandExp(new RegExp(pattern)) as unknown as { tokens: Tokens }).tokens as Token;
  const groups: number[] = [];
  let references = false;
  let insideGroup = 0;
  let referenceBytes = 0;

  // A first pass finds the longest capturing group, which a second pass gives each reference.
  const walk = (token: Token): number => {
    switch (token.type) {
      case ROOT:
      case GROUP: {
        if (token.type === GROUP && (token.followedBy || token.notFollowedBy)) return 0;
        const remember = token.type === GROUP && token.remember;
        if (remember) insideGroup++;
        const sequences: Token[][] = token.options ?? [token.stack ?? []];
        let longest = 0;
        for (const seq of sequences) {
          let sum = 0;
          for (const t of seq) sum += walk(t);
          longest = Math.max(longest, sum);
        }
        if (remember) {
          insideGroup--;
          groups.push(longest);
        }
        return longest;
      }
      case REPETITION: {
        const times = token.max === Infinity ? token.min + maxRepetition : token.max;
        const one = walk(token.value);
        return one === 0 || times === 0 ? 0 : times * one;
      }
      case REFERENCE:
        if (insideGroup > 0) throw new RegexBoundError(`back-reference \\${token.value} inside a capturing group can double the group on every repetition; move it out of the group`);
        references = true;
        return referenceBytes;
      case CHAR:
        return utf8Length(token.value);
      case SET:
      case RANGE:
        return 1;
      case POSITION:
      default:
        return 0;
    }
  };
  const withoutReferences = walk(tokens);
  if (!references) return withoutReferences;
  referenceBytes = groups.reduce((a, b) => Math.max(a, b), 0);
  return walk(tokens);
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}
