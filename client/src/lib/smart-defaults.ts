/**
 * What a field starts with when the user picks a generator, read from its
 * name as a person would: a `product_id` made a `ref` points at `products`,
 * a `rating` made a `number.int` runs 1–5. The words of names and the
 * number rules are the import's own (modules/import/infer), so a typed
 * blueprint and an imported one agree.
 */
import { matchName } from '../../../server/src/modules/import/infer/name-rules';
import { nameTokens, singular } from '../../../server/src/modules/import/infer/name-tokens';
import { isPerParent, type TableDef } from './blueprint-document';

/** Words that say "the key of" rather than what is referenced: `product_id`, `author_key`, `owner_fk`. */
const KEY_WORDS = new Set(['id', 'key', 'fk', 'ref', 'uuid', 'number']);

const wordsOf = (name: string) => nameTokens(name).map(singular);
const endsWith = (words: string[], tail: string[]) => tail.length > 0 && tail.length <= words.length && tail.every((w, i) => words[words.length - tail.length + i] === w);

/**
 * How well a table's name matches what a field's name points at, best first:
 * 0 the same words (`product` → `products`, `category` → `categories`),
 * 1 the field adds words before them (`billing_customer` → `customers`),
 * 2 the table adds words before them (`user` → `app_users`); undefined otherwise.
 */
function matchQuality(pointed: string[], table: string[]): number | undefined {
  if (pointed.length === 0 || table.length === 0) return undefined;
  if (pointed.join(' ') === table.join(' ')) return 0;
  if (endsWith(pointed, table)) return 1;
  if (endsWith(table, pointed)) return 2;
  return undefined;
}

/**
 * The table a new `ref` field of `tables[self]` should point at: the one its
 * name names (singular or plural, with words before it on either side), else
 * the table's parent (its rows are counted per that table's rows), else the
 * first other table.
 */
export function refTargetFor(fieldName: string, tables: readonly TableDef[], self: number): string | undefined {
  const words = wordsOf(fieldName);
  const pointed = words.length > 1 && KEY_WORDS.has(words[words.length - 1]) ? words.slice(0, -1) : words;
  let best: { table: string; quality: number } | undefined;
  tables.forEach((table, t) => {
    const quality = matchQuality(pointed, wordsOf(table.name));
    // A table pointing at itself (a category's parent) must say so by name; others win ties.
    const adjusted = quality === undefined ? undefined : quality + (t === self ? 0.5 : 0);
    if (adjusted !== undefined && (!best || adjusted < best.quality)) best = { table: table.name, quality: adjusted };
  });
  if (best) return best.table;
  const rows = tables[self]?.rows;
  if (rows && isPerParent(rows) && tables.some((t) => t.name.toLowerCase() === rows.perParent.toLowerCase())) return rows.perParent;
  return tables.find((_, t) => t !== self)?.name ?? tables[self]?.name;
}

/** A modest range when the name says nothing: ratings of 2,093,785,773 are never what was meant. */
const DEFAULT_RANGES: Record<string, Record<string, unknown>> = {
  'number.int': { min: 1, max: 1000 },
  'number.float': { min: 0, max: 1000, precision: 0.01 },
};

/**
 * Bounds for a number generator from the field's name (`rating` 1–5, `age`
 * 18–90, `quantity` 1–20, `price` 1–500 with cents), or a modest default;
 * undefined for other generators.
 */
export function numberOptionsFor(generator: string, fieldName: string, tableName: string): Record<string, unknown> | undefined {
  const fallback = DEFAULT_RANGES[generator];
  if (!fallback) return undefined;
  const kind = generator === 'number.int' ? 'integer' : 'float';
  const match = matchName({ words: nameTokens(fieldName), table: wordsOf(tableName), kind, siblings: [] });
  const { min, max, precision } = match?.options ?? {};
  if (typeof min !== 'number' || typeof max !== 'number') return { ...fallback };
  if (kind === 'integer') return { min: Math.ceil(min), max: Math.floor(max) };
  return { min, max, precision: typeof precision === 'number' ? precision : 0.01 };
}
