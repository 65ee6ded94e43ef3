/**
 * A PostgreSQL script cut into statements as PostgreSQL reads them: parsed
 * whole when it can be, else statement by statement between the scanner's
 * `;` tokens, the refused ones recorded with their line. Also the source
 * text around a node: where a statement really starts, a CHECK's text.
 */
import { parseSync, scanSync } from 'libpg-query';
import { badInput } from '../../../errors';
import { IMPORT_LIMITS } from '../schema-model';
import type { SourceText } from '../source-text';
import type { Node } from './ast';

export interface Statement {
  node: Node;
  /** Byte offset of the text the node's locations count from. */
  offset: number;
  /** Byte offsets of the statement itself. */
  at: number;
  end: number;
}

/**
 * psql meta-commands (`\connect`, `\restrict` in recent pg_dump) are not SQL
 * and take a whole line: blank those lines (keeping offsets and line numbers).
 * PostgreSQL's scanner cannot be asked here, since its lexer stops at the
 * first thing it cannot read, such as `\restrict`'s random key.
 */
export function withoutMetaCommands(text: string): string {
  if (!text.includes('\\')) return text;
  return text
    .split('\n')
    .map((line) => (line.trimStart().startsWith('\\') ? ' '.repeat(line.length) : line))
    .join('\n');
}

/** The whole text parsed at once; when PostgreSQL refuses some statement, each statement alone, the refused ones skipped. */
export function* statementsOf(source: SourceText): Generator<Statement> {
  let refusal = '';
  try {
    const parsed = parseSync(source.text);
    const stmts = parsed.stmts ?? [];
    if (stmts.length > IMPORT_LIMITS.statements) throw tooManyStatements(stmts.length);
    for (const s of stmts) {
      const at = s.stmt_location ?? 0;
      yield { node: s.stmt, offset: 0, at, end: s.stmt_len ? at + s.stmt_len : source.byteLength };
    }
    return;
  } catch (error) {
    if ((error as { code?: string }).code === 'BAD_USER_INPUT') throw error;
    refusal = refusalOf(source, error);
  }
  const bounds = statementBounds(source, refusal);
  if (bounds.length > IMPORT_LIMITS.statements) throw tooManyStatements(bounds.length);
  for (const [start, end] of bounds) {
    const sql = source.slice(start, end);
    if (!sql.trim()) continue;
    try {
      for (const s of parseSync(sql).stmts ?? []) yield { node: s.stmt, offset: start, at: start + (s.stmt_location ?? 0), end };
    } catch (error) {
      source.refused(start, sql, (error as Error).message, (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition);
    }
  }
}

/** `line 3: syntax error at or near "oops"`, from the parser's error and its cursor position (1-based characters). */
function refusalOf(source: SourceText, error: unknown): string {
  const message = (error as Error).message ?? String(error);
  const cursor = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition;
  if (typeof cursor !== 'number') return message;
  const offset = Buffer.byteLength(source.text.slice(0, Math.max(0, cursor - 1)));
  return `${source.lineOf(offset)}: ${message}`;
}

function tooManyStatements(count: number) {
  return badInput('input.text', `The schema has ${count} statements; an import reads at most ${IMPORT_LIMITS.statements}.`);
}

/** Byte ranges between `;` tokens; a `;` inside a string, comment or function body is part of its token. */
function statementBounds(source: SourceText, refusal: string): [number, number][] {
  let tokens;
  try {
    tokens = scanSync(source.text).tokens;
  } catch {
    // The scanner stops at what it cannot read (an unterminated quote): the parser's refusal says where.
    throw badInput('input.text', `The text is not SQL PostgreSQL can read: ${refusal}.`);
  }
  const bounds: [number, number][] = [];
  let start = 0;
  for (const token of tokens) {
    if (token.text !== ';') continue;
    bounds.push([start, token.end]);
    start = token.end;
  }
  if (start < source.byteLength) bounds.push([start, source.byteLength]);
  return bounds;
}

/** Statements start after the previous one's `;`: skip the blank lines and comments in between for their line number. */
export function leadingBytes(source: SourceText, at: number): number {
  const text = source.slice(at, Math.min(source.byteLength, at + 4096));
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (!text.startsWith('--', i)) break;
    const end = text.indexOf('\n', i);
    if (end < 0) break;
    i = end + 1;
  }
  return Buffer.byteLength(text.slice(0, i));
}

/**
 * The name that starts at `offset` as it is written, before PostgreSQL folds
 * and cuts it: the last part of a qualified name (`public."Orders"` →
 * `Orders`), unquoted, or lower-cased when bare. Read with PostgreSQL's
 * scanner, whose tokens keep their source text.
 */
export function writtenNameAt(source: SourceText, offset: number, end: number): string | undefined {
  let tokens;
  try {
    tokens = scanSync(source.slice(offset, Math.max(offset, end))).tokens;
  } catch {
    return undefined;
  }
  let name: string | undefined;
  for (let i = 0; i < tokens.length; i += 2) {
    const token = tokens[i];
    // An identifier, or a keyword used as one (`name`, `type`, ...).
    if (token.tokenName !== 'IDENT' && token.keywordKind === 0) break;
    name = token.text.startsWith('"') ? token.text.slice(1, -1).replace(/""/g, '"') : token.text.toLowerCase();
    if (tokens[i + 1]?.text !== '.') break;
  }
  return name;
}

/** The text of the parenthesized expression after a constraint's `CHECK`, found by PostgreSQL's scanner. */
export function parenthesizedAfter(source: SourceText, offset: number, end: number): string | undefined {
  const rest = source.slice(offset, Math.max(offset, end));
  let tokens;
  try {
    tokens = scanSync(rest).tokens;
  } catch {
    return undefined;
  }
  const bytes = Buffer.from(rest);
  let depth = 0;
  let start = -1;
  for (const token of tokens) {
    if (token.text === '(') {
      if (depth++ === 0) start = token.end;
    } else if (token.text === ')' && --depth === 0) {
      return bytes.subarray(start, token.start).toString().trim();
    } else if (token.text === ';' && depth === 0) {
      return undefined;
    }
  }
  return undefined;
}
