/**
 * Unique indexes (expression, partial, NULLS NOT DISTINCT), exclusion
 * constraints and range columns into the document: the index as the engine
 * holds it, and range spans wide enough for the rows an exclusion keeps
 * apart, so the blueprint the import writes can be generated at its size.
 */
import { checkColumns, type ExclusionDef, type UniqueIndexDef } from '@seedbed/engine';
import type { ColumnType, TableModel } from '../schema-model';
import type { ImportDecision, SkippedItem } from '../types';
import type { ColumnGuess } from './column-guess';
import type { FieldOut } from './document';

/** Lengths the import gives ranges (numbers; days for dates; minutes for timestamps), and where they start. */
const LENGTHS = { number: [1, 10], date: [1, 7], time: [30, 240] } as const;
const START_DATE = '2024-01-01';
const DAY_MS = 86_400_000;

const unitOf = (type: string): keyof typeof LENGTHS => (type === 'daterange' ? 'date' : type === 'tsrange' || type === 'tstzrange' ? 'time' : 'number');

/** A range column: ranges of its type, as PostgreSQL prints them. */
export function rangeGuess(type: ColumnType): ColumnGuess {
  const range = type.sqlType.toLowerCase();
  const [minLength, maxLength] = LENGTHS[unitOf(range)];
  return { generator: 'range', options: { type: range, minLength, maxLength }, confidence: 0.8, reason: `a ${range} column: ranges of ${minLength}–${maxLength} ${unitOf(range) === 'date' ? 'days' : unitOf(range) === 'time' ? 'minutes' : 'units'}, written as PostgreSQL writes them` };
}

interface TableOutKeys {
  name: string;
  fields: FieldOut[];
  rows: number | { perParent: string; min: number; max: number };
  uniqueIndexes?: UniqueIndexDef[];
  exclusions?: ExclusionDef[];
}

/** The table's unique indexes and exclusions, those over fields the blueprint makes; each with a line in the report. */
export function documentUniqueIndexes(table: TableModel, t: number, out: TableOutKeys, report: ImportDecision[], skipped: SkippedItem[]): void {
  const field = (name: string) => out.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
  const missing = (names: string[]) => names.filter((n) => !field(n));
  for (const index of [...(table.uniqueIndexes ?? []), ...citextKeys(table)]) {
    const name = index.name ?? table.name;
    const columns = [...new Set([...index.keys, ...(index.where ? [index.where] : [])].flatMap((e) => checkColumns(e)))];
    const absent = missing(columns);
    if (absent.length) {
      skipped.push({ kind: 'index', name, reason: `${at(index)}${index.text} reads ${absent.join(', ')}, which the blueprint does not generate, so it is not kept.` });
      continue;
    }
    const plainKey = index.keys.every((k) => 'col' in k) && !index.where;
    if (plainKey && index.nullsNotDistinct) {
      // A key over columns is built distinct already; NULLs, equal to each other here, are simply never written.
      const names = index.keys.map((k) => (k as { col: string }).col);
      for (const n of names) delete field(n)!.nullRate;
      report.push({ path: `tables[${t}]`, table: out.name, field: '', generator: 'unique', confidence: 1, reason: `${index.text} held: a distinct key whose columns (${names.join(', ')}) are never NULL, since NULLS NOT DISTINCT makes two NULLs a clash`, details: { ...(index.line ? { line: index.line } : {}) } });
      continue;
    }
    (out.uniqueIndexes ??= []).push(index);
    const how = index.where ? `among rows where its WHERE holds, re-drawing ${columns.join(', ')} when a row repeats a key` : `re-drawing ${columns.join(', ')} when a row repeats a key`;
    report.push({ path: `tables[${t}].uniqueIndexes[${out.uniqueIndexes.length - 1}]`, table: out.name, field: '', generator: 'unique', confidence: 0.9, reason: `${index.text} held: distinct ${how}`, details: { ...(index.line ? { line: index.line } : {}), columns } });
  }
  for (const exclusion of table.exclusions ?? []) {
    const name = exclusion.name ?? table.name;
    const absent = missing([...exclusion.equal, exclusion.overlap, ...(exclusion.where ? checkColumns(exclusion.where) : [])]);
    const range = field(exclusion.overlap);
    if (absent.length || range?.generator !== 'range') {
      skipped.push({ kind: 'constraint', name, reason: `${at(exclusion)}${exclusion.text} ${absent.length ? `reads ${absent.join(', ')}, which the blueprint does not generate` : `compares ${exclusion.overlap}, which is no range column`}, so it is not kept; generated rows may break it.` });
      continue;
    }
    (out.exclusions ??= []).push(exclusion);
    report.push({ path: `tables[${t}].exclusions[${out.exclusions.length - 1}]`, table: out.name, field: '', generator: 'exclusion', confidence: 0.9, reason: `${exclusion.text} held: ${range.name} re-drawn until no two rows${exclusion.equal.length ? ` of one ${exclusion.equal.join(', ')}` : ''} overlap`, details: { ...(exclusion.line ? { line: exclusion.line } : {}) } });
  }
}

/** PostgreSQL's `citext` compares folded: a key over it is a key over `lower(col)` too. */
function citextKeys(table: TableModel): UniqueIndexDef[] {
  const folded = (name: string) => table.columns.find((c) => c.name === name)?.type.sqlType.toLowerCase().replace(/^.*\./, '') === 'citext';
  const line = Number(/\d+/.exec(table.where ?? '')?.[0]) || undefined;
  return [...(table.primaryKey ? [table.primaryKey] : []), ...table.uniques]
    .filter((key) => key.some(folded))
    .map((key) => ({ text: `UNIQUE (${key.join(', ')}) over citext`, ...(line ? { line } : {}), keys: key.map((name) => (folded(name) ? { fn: 'lower' as const, args: [{ col: name }] } : { col: name })) }));
}

const at = (def: { line?: number }) => (def.line ? `line ${def.line}: ` : '');

/**
 * Spans for ranges an exclusion keeps apart: a room with N bookings needs
 * room for N of them with space between (twice their total length, and a
 * margin for rooms busier than the mean), so generation never runs out.
 */
export function fitExclusionSpans(tables: TableOutKeys[], report: ImportDecision[]): void {
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  const rowsOf = (t: TableOutKeys | undefined, depth = 0): number => {
    if (!t) return 1;
    if (typeof t.rows === 'number') return t.rows;
    return depth > 16 ? 1000 : rowsOf(byName.get(t.rows.perParent.toLowerCase()), depth + 1) * Math.max(1, t.rows.max);
  };
  tables.forEach((table, t) => {
    for (const exclusion of table.exclusions ?? []) {
      const range = table.fields.find((f) => f.name.toLowerCase() === exclusion.overlap.toLowerCase())!;
      const options = (range.options ??= {});
      const type = String(options.type);
      const rows = rowsOf(table);
      const groups = exclusion.equal.reduce((n, name) => {
        const f = table.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
        return n * (f?.generator === 'ref' ? Math.max(1, rowsOf(byName.get(String(f.options?.table).toLowerCase()))) : 1);
      }, 1);
      const perGroup = Math.ceil((rows / Math.max(1, Math.min(groups, rows))) * 1.5) + 1;
      const [low, high] = LENGTHS[unitOf(type)];
      const needed = Math.ceil(perGroup * ((low + high) / 2) * 2.5);
      const unit = unitOf(type);
      if (unit === 'number') Object.assign(options, { from: 0, to: Math.max(1000, needed) });
      else {
        const days = Math.max(730, Math.ceil(unit === 'date' ? needed : needed / 1440));
        Object.assign(options, { from: START_DATE, to: new Date(Date.parse(`${START_DATE}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10) });
      }
      const decision = report.find((d) => d.path === `tables[${t}].exclusions[${table.exclusions!.indexOf(exclusion)}]`);
      if (decision) decision.reason += `; ${range.name} spans ${options.from}–${options.to}, room for about ${perGroup} ranges${exclusion.equal.length ? ` per ${exclusion.equal.join(', ')}` : ''}`;
    }
  });
}
