/**
 * A row that agrees with itself: Jane Doe's email is jane.doe@…, her user
 * name jane_doe, her full name Jane Doe. After a DDL import the contact
 * fields of a row read its name fields (`{first_name}`), as a sample import
 * already does from what the sample shows.
 */
import type { BuiltField } from './bounds';
import { className } from './categories';
import { tableTokens } from './name-tokens';
import { PERSON_TABLES } from './name-rules';

/** Generators that can be made from a person's first and last names. */
const FROM_NAMES = new Set(['internet.email', 'internet.username', 'person.fullName']);

/** What linkNames reads and writes of a field's decision (a DDL import's BuiltField, an SDL import's field and report entry). */
export interface NamedDecision {
  field: { generator: string; options?: Record<string, unknown> };
  column: { name: string };
  decision: { reason: string };
}

export function linkNames(decisions: NamedDecision[]): void {
  // A NULL name is drawn instead, so nullable name fields are read too.
  const first = decisions.find((d) => d.field.generator === 'person.firstName');
  const last = decisions.find((d) => d.field.generator === 'person.lastName');
  const full = decisions.find((d) => d.field.generator === 'person.fullName');
  for (const d of decisions) {
    if (!FROM_NAMES.has(d.field.generator) || d === full || d.field.options?.firstName || d.field.options?.name) continue;
    // A contact's or a shipment's name is someone else's: only the row's own person is read.
    if (/^(ship|bill|contact|emergency|parent|guardian|manager|referr)/i.test(d.column.name)) continue;
    if (first && last && d !== first && d !== last) {
      d.field.options = { ...d.field.options, firstName: `{${first.column.name}}`, lastName: `{${last.column.name}}` };
      d.decision.reason += `; made from ${first.column.name} and ${last.column.name} of the same row`;
    } else if (full && d.field.generator !== 'person.fullName') {
      d.field.options = { ...d.field.options, name: `{${full.column.name}}` };
      d.decision.reason += `; made from ${full.column.name} of the same row`;
    }
  }
}

interface PolymorphicTable {
  name: string;
  rows: number | { perParent: string; min: number; max: number };
  primaryKey?: string | string[];
  fields: { name: string; generator: string; options?: Record<string, unknown>; nullRate?: number; unique?: boolean }[];
}

interface PolymorphicDecision {
  table: string;
  field: string;
  generator: string;
  reason: string;
}

/** Tables a polymorphic pair may point at: numbered from 1, with a fixed count, and not lookups of a few rows. */
const MIN_TARGET_ROWS = 20;

const OWNER_STEMS = new Set(['tokenable', 'notifiable', 'authenticatable', 'causer', 'owner', 'creator', 'actor', 'author']);

/**
 * `commentable_type` / `commentable_id`: the type names tables whose keys
 * are numbered from 1, and the id stays within the smallest of their row
 * counts, so every pair points at a real row of the table it names.
 */
export function linkPolymorphic(tables: PolymorphicTable[], report: PolymorphicDecision[]): void {
  const targets = tables.filter((t) => {
    const key = typeof t.primaryKey === 'string' ? t.fields.find((f) => f.name === t.primaryKey) : undefined;
    const polymorphic = t.fields.some((f) => /_?[Tt]ype$/.test(f.name) && f.generator === 'weighted');
    return !polymorphic && key?.generator === 'sequence' && (key.options?.start ?? 1) === 1 && typeof t.rows === 'number' && t.rows >= MIN_TARGET_ROWS;
  });
  for (const table of tables) {
    for (const type of table.fields) {
      const stem = /^(.*?)_?[Tt]ype$/.exec(type.name)?.[1];
      if (!stem || type.generator !== 'weighted') continue;
      const id = table.fields.find((f) => f.name === `${stem}_id` || f.name === `${stem}Id`);
      if (!id || id.generator === 'ref' || !['number.int', 'sequence'].includes(id.generator)) continue;
      const others = targets.filter((t) => t.name !== table.name);
      // Who holds tokens, gets notified or acts (Laravel's tokenable, notifiable, causer) is a person's table when there is one.
      const people = OWNER_STEMS.has(stem.toLowerCase()) ? others.filter((t) => PERSON_TABLES.has(tableTokens(t.name).at(-1) ?? '')) : [];
      const chosen = (people.length ? people : others).slice(0, 3);
      if (!chosen.length) continue;
      type.options = { values: Object.fromEntries(chosen.map((t, i) => [className(tableTokens(t.name)), chosen.length - i])) };
      id.generator = 'number.int';
      id.options = { min: 1, max: Math.min(...chosen.map((t) => t.rows as number)) };
      const names = chosen.map((t) => t.name).join(', ');
      for (const d of report) {
        if (d.table !== table.name) continue;
        if (d.field === type.name) d.reason = `the model a polymorphic pair points at: one of ${names}, by class name`;
        if (d.field === id.name) {
          d.generator = 'number.int';
          d.reason = `the id of a row of the table ${type.name} names (${names}): within all of their row counts, so it points at a real row`;
        }
      }
    }
  }
}


/** Address parts and the place generator that keeps them one place. */
const PLACE_PARTS: Record<string, string> = {
  'location.city': 'city', 'location.state': 'state', 'location.stateAbbr': 'stateAbbr', 'location.zipCode': 'zipCode',
  'location.country': 'country', 'location.countryCode': 'countryCode',
};
/** Which part draws the place when several are present: the most specific. */
const ANCHOR_ORDER = ['city', 'zipCode', 'state', 'stateAbbr'];

/**
 * City, state, postal code and country of one row are one place: the most
 * specific part draws it, the others read it. Groups are formed by prefix
 * (`ship_city` with `ship_zip`, `billing_*` apart), so a row's two addresses
 * are two places.
 */
export function linkPlaces(decisions: BuiltField[]): void {
  const groups = new Map<string, BuiltField[]>();
  for (const d of decisions) {
    if (!PLACE_PARTS[d.field.generator] || (d.field.options && Object.keys(d.field.options).some((k) => k !== 'maxLength' && k !== 'variant'))) continue;
    if (d.field.generator === 'location.countryCode' && d.field.options?.variant && d.field.options.variant !== 'alpha-2') continue;
    const prefix = /^(ship(ping)?|bill(ing)?|home|work|mailing|delivery|origin|destination|from|to)/i.exec(d.column.name)?.[1]?.toLowerCase().replace(/ping$|ing$/, '') ?? '';
    groups.set(prefix, [...(groups.get(prefix) ?? []), d]);
  }
  for (const parts of groups.values()) {
    const kinds = new Set(parts.map((d) => PLACE_PARTS[d.field.generator]));
    if (parts.length < 2 || !ANCHOR_ORDER.some((k) => kinds.has(k))) continue;
    const anchor = ANCHOR_ORDER.map((k) => parts.find((d) => PLACE_PARTS[d.field.generator] === k)).find(Boolean)!;
    for (const d of parts) {
      const part = PLACE_PARTS[d.field.generator];
      const maxLength = d.field.options?.maxLength;
      d.field.generator = `place.${part}`;
      d.field.options = { ...(d === anchor ? {} : { of: `{${anchor.column.name}}` }), ...(maxLength !== undefined ? { maxLength } : {}) };
      d.decision.generator = d.field.generator;
      d.decision.reason += d === anchor ? '; draws the place the row\'s other address parts read' : `; of the same place as ${anchor.column.name}`;
    }
  }
}
