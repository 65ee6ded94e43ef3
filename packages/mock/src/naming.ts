/**
 * PostGraphile's inflection, which front-end developers already know: a type
 * per table in PascalCase singular (`order_items` → `OrderItem`), columns in
 * camelCase, `allOrderItems` / `orderItemById`, `OrderItemsConnection`.
 * A small English inflector: table names are identifiers, not prose.
 */

const IRREGULAR: Record<string, string> = { people: 'person', children: 'child', men: 'man', women: 'woman', data: 'datum', indices: 'index', statuses: 'status', addresses: 'address' };

/** A name compared without case or underscores (`user_id`, `userId` and `UserID` are one name). */
export const squash = (name: string) => name.replace(/_/g, '').toLowerCase();

export function singular(word: string): string {
  const lower = word.toLowerCase();
  if (IRREGULAR[lower]) return matchCase(word, IRREGULAR[lower]);
  if (/[^aeiou]ies$/i.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh|zz)es$/i.test(word)) return word.slice(0, -2);
  if (/ss$|us$|is$/i.test(word)) return word;
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

export function plural(word: string): string {
  const lower = word.toLowerCase();
  const irregular = Object.entries(IRREGULAR).find(([, one]) => one === lower);
  if (irregular) return matchCase(word, irregular[0]);
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + 'ies';
  if (/(s|x|ch|sh|z)$/i.test(word)) return word + 'es';
  return word + 's';
}

function matchCase(like: string, word: string) {
  return like[0] === like[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;
}

export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function camel(name: string): string {
  const parts = words(name);
  const text = parts.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[0-9]/.test(text) ? `_${text}` : text || '_';
}

export function pascal(name: string): string {
  const text = camel(name);
  return text[0] === '_' ? text : text[0].toUpperCase() + text.slice(1);
}

export function constant(name: string): string {
  return words(name).map((w) => w.toUpperCase()).join('_') || '_';
}

/** Type name of a table: `order_items` → `OrderItem`. */
export function typeName(table: string): string {
  const parts = words(table);
  if (parts.length) parts[parts.length - 1] = singular(parts[parts.length - 1]);
  return pascal(parts.join('_'));
}

/** Plural field name of a table: `order_item` → `orderItems`, `users` → `users`. */
export function pluralField(table: string): string {
  const parts = words(table);
  if (parts.length) parts[parts.length - 1] = plural(singular(parts[parts.length - 1]));
  return camel(parts.join('_'));
}

/** A ref field's relation name: `user_id` → `user`, `authorId` → `author`; null when nothing is left to name. */
export function relationName(field: string): string | null {
  const stripped = field.replace(/(_id|Id|ID)$/, '');
  return stripped && stripped !== field ? camel(stripped) : null;
}
