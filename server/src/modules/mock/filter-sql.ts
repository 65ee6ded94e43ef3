/**
 * A Filter as SQL over the overlay's JSONB rows (filter.ts evaluates the same
 * filter in JavaScript over generated rows; overlay-store.test.ts checks the
 * two agree), so the overlay is filtered where it is kept.
 */
import type { Value } from '../../engine';
import { keyText, type Filter } from './filter';

/**
 * The filter as SQL over a JSONB column of rows held by field name; values
 * go into `params` (placeholders numbered after those already there). Text
 * compares byte-wise (`COLLATE "C"`), as JavaScript compares code units for
 * the ASCII that keys and codes are made of.
 */
export function filterSql(filter: Filter, params: unknown[], json = '"values"'): string {
  const param = (value: unknown) => `$${params.push(value)}`;
  if ('all' in filter) return filter.all.length ? `(${filter.all.map((f) => filterSql(f, params, json)).join(' AND ')})` : 'TRUE';
  if ('any' in filter) return filter.any.length ? `(${filter.any.map((f) => filterSql(f, params, json)).join(' OR ')})` : 'FALSE';
  if ('not' in filter) return `(NOT coalesce(${filterSql(filter.not, params, json)}, FALSE))`;
  const name = param(filter.column);
  const node = `(${json} -> ${name})`;
  const scalar = `(${json} ->> ${name})`;
  const present = `(${node} IS NOT NULL AND jsonb_typeof(${node}) <> 'null')`;
  const { op, value } = filter;
  const textOf = (v: Value) => (v === null ? null : keyText(v));
  switch (op) {
    case 'isNull':
      return value === false ? present : `(NOT ${present})`;
    case 'eq':
      return value === null ? 'FALSE' : `(${present} AND ${scalar} = ${param(textOf(value))})`;
    case 'ne':
      return value === null ? 'FALSE' : `(${present} AND ${scalar} <> ${param(textOf(value))})`;
    case 'in':
    case 'nin': {
      const list = (Array.isArray(value) ? value : []).filter((v): v is Exclude<Value, null> => v !== null).map((v) => keyText(v));
      return `(${present} AND ${op === 'nin' ? 'NOT ' : ''}(${scalar} = ANY(${param(list)}::text[])))`;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const sign = { lt: '<', lte: '<=', gt: '>', gte: '>=' }[op];
      if (typeof value === 'number') {
        return `(CASE WHEN jsonb_typeof(${node}) = 'number' THEN ${scalar}::numeric ${sign} ${param(value)}::numeric WHEN jsonb_typeof(${node}) = 'string' AND ${scalar} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${scalar}::numeric ${sign} ${param(value)}::numeric ELSE FALSE END)`;
      }
      if (typeof value === 'string') {
        const numeric = /^-?\d+(\.\d+)?$/.test(value) ? `WHEN jsonb_typeof(${node}) = 'number' THEN ${scalar}::numeric ${sign} ${param(value)}::numeric ` : '';
        return `(CASE ${numeric}WHEN jsonb_typeof(${node}) = 'string' THEN ${scalar} COLLATE "C" ${sign} ${param(value)} COLLATE "C" ELSE FALSE END)`;
      }
      return 'FALSE';
    }
    default: {
      if (typeof value !== 'string') return 'FALSE';
      const isText = `coalesce(jsonb_typeof(${node}) = 'string', FALSE)`;
      const escaped = value.replace(/[\\%_]/g, '\\$&');
      const like = (pattern: string, insensitive: boolean, negate: boolean) => `(${isText} AND ${negate ? 'NOT ' : ''}(${insensitive ? `lower(${scalar}) LIKE lower(${param(pattern)})` : `${scalar} LIKE ${param(pattern)}`}))`;
      switch (op) {
        case 'contains':
          return like(`%${escaped}%`, false, false);
        case 'icontains':
          return like(`%${escaped}%`, true, false);
        case 'ncontains':
          return like(`%${escaped}%`, false, true);
        case 'nicontains':
          return like(`%${escaped}%`, true, true);
        case 'startsWith':
          return like(`${escaped}%`, false, false);
        case 'istartsWith':
          return like(`${escaped}%`, true, false);
        case 'endsWith':
          return like(`%${escaped}`, false, false);
        case 'iendsWith':
          return like(`%${escaped}`, true, false);
        case 'like':
          return like(value, false, false);
        case 'ilike':
          return like(value, true, false);
        case 'nlike':
          return like(value, false, true);
        case 'nilike':
          return like(value, true, true);
      }
      return 'FALSE';
    }
  }
}
