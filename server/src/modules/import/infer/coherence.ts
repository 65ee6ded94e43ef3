/**
 * A row that agrees with itself: Jane Doe's email is jane.doe@…, her user
 * name jane_doe, her full name Jane Doe. After a DDL import the contact
 * fields of a row read its name fields (`{first_name}`), as a sample import
 * already does from what the sample shows.
 */
import type { BuiltField } from './bounds';

/** Generators that can be made from a person's first and last names. */
const FROM_NAMES = new Set(['internet.email', 'internet.username', 'person.fullName']);

export function linkNames(decisions: BuiltField[]): void {
  const first = decisions.find((d) => d.field.generator === 'person.firstName' && !d.field.nullRate);
  const last = decisions.find((d) => d.field.generator === 'person.lastName' && !d.field.nullRate);
  const full = decisions.find((d) => d.field.generator === 'person.fullName' && !d.field.nullRate);
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
