/**
 * A cheap scan of a schema's text before any parser sees it (issue 23 row
 * 4): statements, tables, columns per table, nesting of comments and
 * brackets, fields per GraphQL type. Parsers are built for real schemas and
 * some cost more than linear time on hostile ones (600 KB of nested
 * `/*!40101` comments held a thread 20 s; 4,000 fields on one SDL type took
 * 28 s); a schema past these bounds is refused in milliseconds with what to
 * change. The scan knows only the lexical rules every dialect shares (quotes,
 * comments, brackets), never a parser's internals, and errs towards counting
 * more: text it cannot see into is text it counts.
 */
import { CEILING_FIELDS, CEILING_TABLES } from '@seedbed/engine';
import { badInput } from '@seedbed/engine/errors';
import type { ImportSource } from './types';

export const SOURCE_LIMITS = {
  /** Statements of a SQL schema (a 1,000-table pg_dump has ~15,000). */
  statements: 50_000,
  /** Tables one blueprint holds (PRODUCT.md §9); partitions are not counted. */
  tables: 1_000,
  /** Columns and constraints of one CREATE TABLE (500 fields per table, PRODUCT.md §9, and their constraints). */
  itemsPerTable: 1_000,
  /** Columns and constraints of every table together (1,000 tables of 25: work of ~10 s on one core). */
  items: 25_000,
  /** Comments inside comments (PostgreSQL nests them; MySQL's executable comments hold code). */
  commentDepth: 16,
  /** Brackets inside brackets. */
  bracketDepth: 64,
  /** Fields of one GraphQL type, interface or input. */
  fieldsPerType: 1_000,
  /** Type, interface, input, enum, union and scalar definitions of an SDL. */
  definitions: 20_000,
} as const;

const fmt = (n: number) => n.toLocaleString('en-US');

type SourceLimits = { -readonly [K in keyof typeof SOURCE_LIMITS]: number };

/** SOURCE_LIMITS with the tables and fields this server allows (SEEDBED_MAX_TABLES / SEEDBED_MAX_FIELDS), the totals in proportion. */
export function sourceLimitsFor(limits: { maxTables?: number; maxFields?: number } = {}): SourceLimits {
  const tables = limits.maxTables ?? SOURCE_LIMITS.tables;
  const fields = limits.maxFields ?? 500;
  return { ...SOURCE_LIMITS, tables, itemsPerTable: 2 * fields, items: Math.max(SOURCE_LIMITS.items, 25 * tables), statements: Math.max(SOURCE_LIMITS.statements, 50 * tables) };
}

/** Refuses a schema past SOURCE_LIMITS at `input.text`, naming the line; other sources pass. */
export function checkSourceBounds(source: ImportSource, text: string, limits: SourceLimits = SOURCE_LIMITS): void {
  if (source === 'POSTGRES_DDL' || source === 'MYSQL_DDL' || source === 'SQLITE_DDL') scanSql(text, source, limits);
  else if (source === 'GRAPHQL_SDL') scanSdl(text, limits);
}

const refuse = (line: number, problem: string, change: string) => badInput('input.text', `The schema ${problem} (line ${fmt(line)}); ${change}.`);

const CREATE_TABLE = /^\s*create\s+(?:or\s+replace\s+)?(?:(?:global|local)\s+)?(?:temp(?:orary)?\s+|unlogged\s+|virtual\s+)?table\b/i;
const PARTITION_OF = /\bpartition\s+of\b/i;

function scanSql(text: string, source: ImportSource, limits: SourceLimits): void {
  const mysql = source === 'MYSQL_DDL';
  const postgres = source === 'POSTGRES_DDL';
  let line = 1;
  let statements = 0;
  let tables = 0;
  let items = 0;
  let brackets = 0;
  /** MySQL executable comments (`/*!` … and `/*+` …) hold code: how many are open. */
  let executable = 0;
  /** The start of the statement, as code (comments and quoted text left out), up to its first bracket. */
  let head = '';
  let headDone = false;
  /** The statement is a CREATE TABLE (not a partition): its first bracket group is its columns. */
  let creating = false;
  let itemsHere = 0;
  let tableLine = 1;

  const endStatement = () => {
    statements++;
    if (statements > limits.statements) throw refuse(line, `has more than ${fmt(limits.statements)} statements`, 'import a part of it');
    head = '';
    headDone = false;
    creating = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      continue;
    }
    // Quoted text and identifiers: skipped whole, the lines inside counted.
    if (c === "'" || c === '"' || (c === '`' && mysql)) {
      const backslash = c === "'" && (mysql || (postgres && /e/i.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? '')));
      i = skipQuoted(text, i, c, backslash, () => line++);
      if (!headDone) head += ' x ';
      continue;
    }
    if (c === '$' && postgres) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(text.slice(i, i + 66));
      if (tag && !/[\w$]/.test(text[i - 1] ?? '')) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        const stop = end < 0 ? text.length : end + tag[0].length;
        for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
        i = stop - 1;
        if (!headDone) head += ' x ';
        continue;
      }
    }
    // Line comments: `--` (MySQL: followed by a space or control character) and MySQL's `#`.
    if ((c === '-' && text[i + 1] === '-' && (!mysql || /[\s]/.test(text[i + 2] ?? ' '))) || (c === '#' && mysql)) {
      const end = text.indexOf('\n', i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      if (mysql && (text[i + 2] === '!' || text[i + 2] === '+')) {
        if (++executable > limits.commentDepth) throw refuse(line, `nests comments more than ${limits.commentDepth} deep`, 'remove the nesting');
        i += 2;
        continue;
      }
      i = skipComment(text, i, postgres, limits.commentDepth, () => line, () => line++) - 1;
      continue;
    }
    if (c === '*' && text[i + 1] === '/' && executable > 0) {
      executable--;
      i++;
      continue;
    }
    if (c === ';') {
      if (brackets === 0) endStatement();
      continue;
    }
    if (c === '(' ) {
      if (++brackets > limits.bracketDepth) throw refuse(line, `nests brackets more than ${limits.bracketDepth} deep`, 'remove the nesting');
      if (!headDone) {
        headDone = true;
        creating = CREATE_TABLE.test(head) && !PARTITION_OF.test(head);
        if (creating) {
          if (++tables > limits.tables) throw refuse(line, `has more than ${fmt(limits.tables)} tables`, `a blueprint holds at most ${fmt(limits.tables)}: import a part of it, or raise the limit (SEEDBED_MAX_TABLES, up to ${fmt(CEILING_TABLES)})`);
          itemsHere = 1;
          tableLine = line;
        }
      }
      continue;
    }
    if (c === ')') {
      if (brackets > 0) brackets--;
      if (creating && brackets === 0) {
        items += itemsHere;
        if (items > limits.items) throw refuse(line, `has more than ${fmt(limits.items)} columns and constraints in all`, 'import a part of it');
        creating = false;
      }
      continue;
    }
    if (c === ',' && creating && brackets === 1) {
      if (++itemsHere > limits.itemsPerTable) throw refuse(tableLine, `has a table with more than ${fmt(limits.itemsPerTable)} columns and constraints`, `a table holds at most ${fmt(limits.itemsPerTable / 2)} columns (SEEDBED_MAX_FIELDS raises it, up to ${fmt(CEILING_FIELDS)})`);
      continue;
    }
    if (!headDone && head.length < 400) head += c;
  }
}

/** The index of the closing quote of the quoted text opening at `start` (doubled quotes, and backslashes when `backslash`, escape). */
function skipQuoted(text: string, start: number, quote: string, backslash: boolean, newline: () => void): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') newline();
    else if (backslash && c === '\\') i++;
    else if (c === quote) {
      if (text[i + 1] === quote) i++;
      else return i;
    }
  }
  return text.length;
}

/** The index after a block comment opening at `start`; nested comments count when `nests` (PostgreSQL's rule). */
function skipComment(text: string, start: number, nests: boolean, maxDepth: number, lineNow: () => number, newline: () => void): number {
  let depth = 1;
  for (let i = start + 2; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') newline();
    else if (c === '*' && text[i + 1] === '/') {
      i++;
      if (--depth === 0) return i + 1;
    } else if (nests && c === '/' && text[i + 1] === '*') {
      i++;
      if (++depth > maxDepth) throw refuse(lineNow(), `nests comments more than ${maxDepth} deep`, 'remove the nesting');
    }
  }
  return text.length;
}

const TYPE_KEYWORD = /\b(type|interface|input)\s+([_A-Za-z][_0-9A-Za-z]*)[^{]*$/;
const DEFINITION = /(?:^|\s)(type|interface|input|enum|union|scalar)\s+[_A-Za-z]/g;

function scanSdl(text: string, limits: SourceLimits): void {
  let line = 1;
  let braces = 0;
  let nested = 0;
  /** The type whose fields are being counted (each field has one `:` at its top level), and how many it has. */
  let type: { name: string; fields: number; line: number } | undefined;
  /** Code since the last brace at the top level, to find the definition a `{` opens. */
  let since = '';

  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      if (braces === 0 && since.length < 400) since += ' ';
      continue;
    }
    if (c === '#') {
      const end = text.indexOf('\n', i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    }
    if (c === '"') {
      const block = text.startsWith('"""', i);
      const end = block ? text.indexOf('"""', i + 3) : closingQuote(text, i);
      const stop = end < 0 ? text.length : end + (block ? 3 : 1);
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop - 1;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      if (c === '{' && braces === 0 && nested === 0) {
        const opened = TYPE_KEYWORD.exec(since);
        type = opened ? { name: opened[2], fields: 0, line } : undefined;
        since = '';
        braces = 1;
        continue;
      }
      if (++nested + braces > limits.bracketDepth) throw refuse(line, `nests brackets more than ${limits.bracketDepth} deep`, 'remove the nesting');
      continue;
    }
    if (c === '}' || c === ')' || c === ']') {
      if (nested > 0) nested--;
      else if (braces > 0) {
        braces = 0;
        type = undefined;
      }
      continue;
    }
    if (braces === 0) {
      if (since.length < 400) since += c;
      continue;
    }
    if (c === ':' && type && nested === 0 && ++type.fields > limits.fieldsPerType) {
      throw refuse(type.line, `has a type (${type.name}) with more than ${fmt(limits.fieldsPerType)} fields`, 'split it, or import a part of the schema');
    }
  }
  let definitions = 0;
  for (const _ of text.matchAll(DEFINITION)) {
    if (++definitions > limits.definitions) throw refuse(1, `has more than ${fmt(limits.definitions)} definitions`, 'import a part of it');
  }
}

function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"' || text[i] === '\n') return i;
  }
  return -1;
}
