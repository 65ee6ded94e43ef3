/**
 * A SQLite declared type → a kind of value. SQLite keeps any declared type
 * and gives it an affinity (https://sqlite.org/datatype3.html); the name
 * still says what a person meant (`VARCHAR(45)`, `DATETIME`, `BOOLEAN`).
 */
import type { ColumnType } from '../schema-model';

const SQLITE_NAMED_KINDS: Record<string, ColumnType['kind']> = {
  INET: 'inet', CIDR: 'cidr', MACADDR: 'macaddr', XML: 'xml', INTERVAL: 'interval',
  GEOMETRY: 'geometry', POINT: 'geometry', POLYGON: 'geometry', LINESTRING: 'geometry', MULTIPOLYGON: 'geometry',
};

export function sqliteColumnType(declared: string): ColumnType {
  const sqlType = declared.trim();
  const upper = sqlType.toUpperCase();
  // A type without arguments has none (an empty list would read as precision 0, and `decimal` as a whole number).
  const args = upper.match(/\(([^)]*)\)/)?.[1];
  const numbers = args === undefined ? [] : args.split(',').filter((n) => n.trim() !== '').map((n) => Number(n.trim())).filter((n) => Number.isFinite(n));
  const base = upper.replace(/\(.*$/, '').trim();
  const type = (kind: ColumnType['kind'], extra: Partial<ColumnType> = {}): ColumnType => ({ kind, sqlType, ...extra });
  if (base === '') return type('text');
  if (base.includes('BOOL')) return type('boolean');
  // Names other databases' types go by (a schema ported to SQLite keeps them): SQLite stores their text as it is.
  const named = SQLITE_NAMED_KINDS[base];
  if (named) return type(named, base === 'POINT' || base === 'POLYGON' || base === 'LINESTRING' || base === 'MULTIPOLYGON' ? { geometry: base.toLowerCase() } : {});
  if (base.includes('INT')) return type('integer', { bits: base.startsWith('TINY') ? 8 : base.startsWith('SMALL') ? 16 : base === 'INT' || base === 'INTEGER' || base.startsWith('MEDIUM') ? 64 : 64 });
  if (base.includes('UUID') || base.includes('GUID')) return type('uuid');
  if (base.includes('JSON')) return type('json');
  if (base === 'DATE') return type('date');
  if (base.includes('DATETIME') || base.includes('TIMESTAMP')) return type('timestamp');
  if (base === 'TIME') return type('time');
  if (base.includes('CHAR') || base.includes('CLOB') || base.includes('TEXT')) {
    return type('text', numbers[0] > 0 ? { maxLength: numbers[0], ...(base === 'CHAR' || base === 'CHARACTER' || base === 'NCHAR' ? { fixedLength: true } : {}) } : {});
  }
  if (base.includes('BLOB') || base.includes('BINARY')) return type('binary');
  if (base.includes('REAL') || base.includes('FLOA') || base.includes('DOUB')) return type('float');
  if (base.includes('DEC') || base.includes('NUMERIC') || base.includes('MONEY')) return type('decimal', numbers.length ? { precision: numbers[0], scale: numbers[1] ?? 0 } : { scale: 2 });
  return type('unknown');
}
