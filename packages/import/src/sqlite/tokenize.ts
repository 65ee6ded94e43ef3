/**
 * SQLite's tokens (https://sqlite.org/lang_keywords.html, tokenize.c):
 * strings '…', identifiers "…", `…`, […], comments, numbers, words and
 * punctuation. Enough to cut a script into statements and to find a CREATE
 * TABLE's column list and CHECK clauses; the statements themselves are read
 * by SQLite (sql.js), the CHECK expressions by PostgreSQL's parser.
 */

export type TokenKind = 'word' | 'ident' | 'string' | 'number' | 'punct' | 'blob' | 'variable';

export interface Token {
  kind: TokenKind;
  /** The token as written. */
  text: string;
  /** Identifiers unquoted; words as written. */
  value: string;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const TWO_CHAR = new Set(['<=', '>=', '==', '!=', '<>', '||', '<<', '>>', '->']);

/** Tokens of `text`, comments and spaces dropped. Never throws: an unclosed quote runs to the end. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number, value = text.slice(start, end)) => tokens.push({ kind, text: text.slice(start, end), value, start, end });
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      const end = quoted(text, i, c);
      const inner = text.slice(i + 1, end - 1).split(c + c).join(c);
      push(c === "'" ? 'string' : 'ident', i, end, inner);
      i = end;
    } else if (c === '[') {
      const close = text.indexOf(']', i);
      const end = close < 0 ? text.length : close + 1;
      push('ident', i, end, text.slice(i + 1, end - 1));
      i = end;
    } else if ((c === 'x' || c === 'X') && text[i + 1] === "'") {
      const end = quoted(text, i + 1, "'");
      push('blob', i, end);
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      let j = i;
      while (j < text.length && /[0-9a-fA-FxX._]/.test(text[j])) j++;
      if ((text[j] === '+' || text[j] === '-') && /[eE]$/.test(text.slice(i, j))) {
        j++;
        while (j < text.length && /[0-9]/.test(text[j])) j++;
      }
      push('number', i, j);
      i = j;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < text.length && WORD_PART.test(text[j])) j++;
      push('word', i, j);
      i = j;
    } else if (c === '?' || c === ':' || c === '@' || c === '$') {
      let j = i + 1;
      while (j < text.length && WORD_PART.test(text[j])) j++;
      push('variable', i, j);
      i = j;
    } else {
      const two = text.slice(i, i + 2);
      const width = TWO_CHAR.has(two) ? 2 : 1;
      push('punct', i, i + width);
      i += width;
    }
  }
  return tokens;
}

function quoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return text.length;
}

/** `word` compared as SQLite does: keywords are case-insensitive. */
export const isWord = (token: Token | undefined, word: string) => token?.kind === 'word' && token.value.toUpperCase() === word;

/** Statements of a script: [start, end) offsets between top-level `;` (trigger bodies' `;` inside BEGIN…END kept). */
export function statementRanges(text: string, tokens: Token[]): { start: number; end: number; tokens: Token[] }[] {
  const ranges: { start: number; end: number; tokens: Token[] }[] = [];
  let current: Token[] = [];
  let inTrigger = false;
  let begins = 0;
  for (const token of tokens) {
    current.push(token);
    if (current.length <= 4 && isWord(token, 'TRIGGER')) inTrigger = true;
    if (inTrigger && (isWord(token, 'BEGIN') || isWord(token, 'CASE'))) begins++;
    if (inTrigger && isWord(token, 'END') && begins > 0) begins--;
    if (token.text === ';' && !(inTrigger && begins > 0)) {
      if (current.length > 1) ranges.push({ start: current[0].start, end: token.end, tokens: current.slice(0, -1) });
      current = [];
      inTrigger = false;
      begins = 0;
    }
  }
  if (current.length) ranges.push({ start: current[0].start, end: text.length, tokens: current });
  return ranges;
}
