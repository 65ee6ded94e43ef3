/**
 * How often import picks what a person would pick, on schemas written the
 * way real projects write them (bench/inference/*: ORM output, ERP and
 * retail samples, SaaS apps, MySQL and SQLite samples, JSON API samples),
 * and on the public corpus beside the repository (../shared/corpus) when it
 * is there. Each column carries the generators a person would accept,
 * decided before running anything, and optionally the range its values must
 * keep (`18..90`, years for dates: `1940..2007`). A column counts as right
 * when its generator is accepted, its sampled values keep the range, and
 * every value fits the declared width (a VARCHAR(10) never gets 11
 * characters).
 *
 *   npm run bench:inference [-- --file NAME] [-- --corpus DIR]
 *
 * Labels: at the end of a DDL column line, `-- @ gen|gen [lo..hi]`; for
 * other files, `<file>.labels` beside them with `table.column gen|gen [lo..hi]`
 * lines. `$NAME` stands for a group of generators (see GROUPS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileBlueprint, previewRows, type BlueprintDocument, type Value } from '@seedbed/engine';
import { importSourceOf } from '../packages/import/src/sources';
import type { ImportDecision } from '../packages/import/src/types';

const { values: flags } = parseArgs({ options: { file: { type: 'string' }, corpus: { type: 'string' } } });

const ROOT = path.resolve(__dirname, '..');
const OURS = path.join(__dirname, 'inference');
const SCHEMAS = path.join(__dirname, 'schemas');
/** The public corpus, beside the repository; `--corpus DIR` points elsewhere (a worktree's checkout, say). */
const CORPUS = path.resolve(ROOT, flags.corpus ?? path.join('..', 'shared', 'corpus'));
const SAMPLE_ROWS = 60;

/** Groups of generators that serve one meaning equally well. */
const GROUPS: Record<string, string[]> = {
  DATE: ['date.between', 'date.past', 'date.recent', 'date.future', 'date.soon', 'date.anytime'],
  TEXT: ['lorem.sentence', 'lorem.sentences', 'lorem.paragraph', 'lorem.paragraphs', 'lorem.text', 'commerce.productDescription', 'hacker.phrase', 'company.catchPhrase'],
  WORDS: ['lorem.words', 'lorem.word', 'word.noun', 'lorem.sentence'],
  MONEY: ['commerce.price', 'finance.amount', 'number.float', 'number.int'],
  INT: ['number.int'],
  NUM: ['number.int', 'number.float'],
  BOOL: ['datatype.boolean', 'weighted'],
  FLAG: ['datatype.boolean', 'weighted', 'number.int'],
  ID: ['sequence', 'uuid', 'string.uuid'],
  KEY: ['sequence', 'uuid', 'string.uuid', 'string.alphanumeric', 'regex', 'database.mongodbObjectId', 'string.nanoid'],
  CODE: ['string.alphanumeric', 'regex', 'string.alpha', 'string.numeric', 'sequence'],
  TOKEN: ['string.alphanumeric', 'string.hexadecimal', 'regex', 'string.nanoid', 'internet.jwt', 'git.commitSha', 'string.uuid', 'uuid'],
  HASH: ['internet.password', 'string.alphanumeric', 'string.hexadecimal', 'regex', 'git.commitSha'],
  STATUS: ['weighted'],
  JSON: ['json', 'datatype.json'],
  IP: ['internet.ip', 'internet.ipv4', 'internet.ipv6'],
  URL: ['internet.url', 'image.url', 'image.avatar', 'image.urlPicsumPhotos'],
  IMAGE: ['image.url', 'image.avatar', 'image.urlPicsumPhotos', 'internet.url'],
  PHONE: ['phone.number'],
  ZIP: ['location.zipCode'],
  NAME: ['person.fullName'],
  TITLE: ['lorem.sentence', 'book.title', 'lorem.words', 'hacker.phrase'],
  COUNTRY: ['location.country', 'location.countryCode'],
  STATE: ['location.state', 'location.stateAbbr'],
  MINUTES: ['number.int'],
};

interface Label {
  table: string;
  column: string;
  accepted: string[];
  range?: [number, number];
  /** Keys and references: counted, and also reported apart. */
  structural: boolean;
}

interface SchemaFile {
  file: string;
  source: string;
  text: string;
  labels: Label[];
}

const SOURCE_BY_SUFFIX: [RegExp, string][] = [
  [/\.pg\.sql$|postgres.*\.sql$/, 'POSTGRES_DDL'],
  [/\.mysql\.sql$|mysql.*\.sql$/, 'MYSQL_DDL'],
  [/\.sqlite\.sql$|sqlite.*\.sql$/, 'SQLITE_DDL'],
  [/\.json$/, 'JSON_SAMPLE'],
  [/\.csv$/, 'CSV_SAMPLE'],
];

function sourceOf(file: string): string | undefined {
  return SOURCE_BY_SUFFIX.find(([re]) => re.test(file))?.[1];
}

function parseLabel(table: string, column: string, spec: string): Label {
  const [generators, range] = spec.trim().split(/\s+/);
  const named = generators.split('|').flatMap((g) => (g.startsWith('$') ? GROUPS[g.slice(1)] ?? [`unknown group ${g}`] : [g]));
  // An address part drawn from one place per row (place.*) means what its location.* list does.
  const accepted = named.flatMap((g) => (g.startsWith('location.') ? [g, g.replace('location.', 'place.')] : [g]));
  const label: Label = { table, column, accepted, structural: /^(ref|sequence|uuid|\$ID|\$KEY)(\|.*)?$/.test(generators) && !generators.includes('.') };
  if (range) {
    const m = /^(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(range);
    if (!m) throw new Error(`bad range "${range}" for ${table}.${column}`);
    label.range = [Number(m[1]), Number(m[2])];
  }
  return label;
}

const unquote = (name: string) => name.replace(/^[`"[]|[`"\]]$/g, '');

/** Inline labels of a DDL text: `-- @ …` after a column, inside the last CREATE TABLE seen. */
function inlineLabels(text: string): Label[] {
  const labels: Label[] = [];
  let table = '';
  for (const line of text.split('\n')) {
    const create = /CREATE\s+(?:UNLOGGED\s+|TEMP(?:ORARY)?\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?((?:[`"[]?[\w$]+[`"\]]?\.)*[`"[]?[\w$ ]+?[`"\]]?)\s*\(/i.exec(line);
    if (create) table = unquote(create[1].split('.').pop()!);
    const at = line.indexOf('-- @');
    if (at < 0 || !table) continue;
    const column = /^\s*([`"[]?[\w$]+[`"\]]?)/.exec(line)?.[1];
    if (!column) continue;
    labels.push(parseLabel(table, unquote(column), line.slice(at + 4)));
  }
  return labels;
}

function fileLabels(file: string): Label[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      const dot = name.indexOf('.');
      return parseLabel(name.slice(0, dot), name.slice(dot + 1), rest.join(' '));
    });
}

function readSchemas(dir: string, labelsDir: string): SchemaFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => sourceOf(f) && (!flags.file || f.includes(flags.file)))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const labels = [...inlineLabels(text), ...fileLabels(path.join(labelsDir, `${f}.labels`))];
      return { file: f, source: sourceOf(f)!, text, labels };
    })
    .filter((s) => s.labels.length > 0);
}

/** Declared width of a text column, from its SQL type. */
function widthOf(sqlType: unknown): number | undefined {
  const m = /^(?:national\s+)?(?:n?varchar|character varying|varchar2|n?char|character|bpchar)\s*\((\d+)\)/i.exec(String(sqlType ?? ''));
  return m ? Number(m[1]) : undefined;
}

function numberOf(value: Value): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return Number(value.slice(0, 4));
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

interface Outcome {
  label: Label;
  ok: boolean;
  why: string;
}

async function measure(schema: SchemaFile): Promise<Outcome[]> {
  const result = await importSourceOf(schema.source)!.run(schema.text, { allowPrivateTargets: false });
  const decisions = new Map<string, ImportDecision>();
  for (const d of result.report) if (d.field) decisions.set(`${d.table}.${d.field}`.toLowerCase(), d);
  let samples = new Map<string, Value[]>();
  let sampleError = '';
  try {
    samples = sampleColumns(result.document);
  } catch (error) {
    sampleError = (error as Error).message.slice(0, 200);
  }
  return schema.labels.map((label) => {
    const key = `${label.table}.${label.column}`.toLowerCase();
    const decision = decisions.get(key);
    if (!decision) return { label, ok: false, why: 'no decision (column not imported)' };
    const shown = `${decision.generator}${decision.details && 'options' in decision.details ? '' : ''} (${decision.reason})`;
    if (!label.accepted.includes(decision.generator)) return { label, ok: false, why: shown };
    const values = samples.get(key);
    if (!values) return { label, ok: !sampleError, why: sampleError ? `no values: ${sampleError}` : '' };
    const width = widthOf(decision.details?.sqlType);
    const tooLong = width === undefined ? undefined : values.find((v) => typeof v === 'string' && [...v].length > width);
    if (tooLong !== undefined) return { label, ok: false, why: `${shown}: "${tooLong}" is longer than ${width}` };
    if (label.range) {
      const [lo, hi] = label.range;
      const out = values.map(numberOf).find((n) => n !== undefined && (n < lo || n > hi));
      if (out !== undefined) return { label, ok: false, why: `${shown}: ${out} outside ${lo}..${hi}` };
    }
    return { label, ok: true, why: '' };
  });
}

/** A few rows of every table, each column's non-null values. */
function sampleColumns(document: BlueprintDocument): Map<string, Value[]> {
  const plan = compileBlueprint(document, { seed: 7 });
  const out = new Map<string, Value[]>();
  for (const table of document.tables) {
    const preview = previewRows(plan, table.name, 0, SAMPLE_ROWS);
    preview.columns.forEach((column, i) => {
      out.set(`${table.name}.${column.name}`.toLowerCase(), preview.rows.map((r) => r[i]).filter((v) => v !== null));
    });
  }
  return out;
}

function report(title: string, outcomes: Outcome[][], files: SchemaFile[]): void {
  const all = outcomes.flat();
  const ok = all.filter((o) => o.ok).length;
  const meaning = all.filter((o) => !o.label.structural);
  const meaningOk = meaning.filter((o) => o.ok).length;
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(`\n${title}: ${files.length} schemas, ${all.length} labelled columns`);
  files.forEach((f, i) => {
    const o = outcomes[i];
    console.log(`  ${f.file.padEnd(36)} ${String(o.filter((x) => x.ok).length).padStart(4)}/${String(o.length).padEnd(4)} ${pct(o.filter((x) => x.ok).length, o.length)}`);
  });
  console.log(`share: ${ok}/${all.length} = ${pct(ok, all.length)} (columns other than keys and references: ${meaningOk}/${meaning.length} = ${pct(meaningOk, meaning.length)})`);
  const misses = all.filter((o) => !o.ok);
  if (misses.length) {
    console.log(`misses (${misses.length}):`);
    for (const m of misses) console.log(`  ${m.label.table}.${m.label.column}: ${m.why}; wanted ${m.label.accepted.slice(0, 4).join('|')}${m.label.accepted.length > 4 ? '|…' : ''}${m.label.range ? ` ${m.label.range.join('..')}` : ''}`);
  }
}

async function main() {
  // bench/schemas (the shapes bench:corpus loads) carry labels too: inline, or in `<file>.labels` beside them.
  const ours = [...readSchemas(OURS, OURS), ...readSchemas(SCHEMAS, SCHEMAS)];
  const outcomes = [];
  for (const s of ours) outcomes.push(await measure(s));
  report('bench:inference, labelled schemas (bench/inference, bench/schemas)', outcomes, ours);
  const share = outcomes.flat().filter((o) => o.ok).length / Math.max(1, outcomes.flat().length);
  console.log(`target ≥ 90%: ${share >= 0.9 ? 'met' : 'MISSED'}`);

  if (!fs.existsSync(CORPUS)) {
    console.log(`\ncorpus: ${path.relative(ROOT, CORPUS)} is absent; only the labelled schemas above were measured`);
    return;
  }
  const corpus = readSchemas(CORPUS, path.join(OURS, 'corpus'));
  const corpusOutcomes = [];
  for (const s of corpus) corpusOutcomes.push(await measure(s));
  report(`corpus (${path.relative(ROOT, CORPUS)}, labels in bench/inference/corpus)`, corpusOutcomes, corpus);
}

void main();
