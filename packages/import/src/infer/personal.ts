/**
 * Columns that hold people's data (names, contact details, addresses,
 * identity numbers, free text people write). A live import never reads
 * their values, not even the most common ones in the database's statistics.
 */
import { nameTokens } from './name-tokens';
import { PERSON_TABLES } from './name-rules';

const PERSONAL_WORDS = new Set([
  'name', 'first', 'last', 'middle', 'full', 'email', 'phone', 'address', 'street', 'zip', 'city', 'birth', 'ssn', 'passport', 'license',
  'ip', 'mac', 'user', 'password', 'iban', 'card', 'account', 'tax', 'national', 'insurance', 'salary', 'amount', 'bio', 'note', 'comment',
  'message', 'description', 'latitude', 'longitude', 'location', 'gender', 'age', 'nationality', 'religion', 'ethnicity', 'health', 'diagnosis',
  'token', 'secret', 'username', 'display', 'avatar', 'image', 'signature', 'fingerprint', 'useragent', 'content', 'body', 'text',
]);

/** The column's own name says it holds people's data (a name, a contact detail, an address, ...). */
export function isPersonalColumn(column: string): boolean {
  return nameTokens(column).some((w) => PERSONAL_WORDS.has(w));
}

export function isPersonal(table: string, column: string): boolean {
  const words = nameTokens(column);
  if (isPersonalColumn(column)) return true;
  // Any free-form column of a table about people could identify someone; only codes and flags are read.
  return nameTokens(table).some((w) => PERSON_TABLES.has(w.replace(/s$/, ''))) && !words.some((w) => ['status', 'type', 'kind', 'active', 'level', 'tier', 'role', 'plan'].includes(w));
}
