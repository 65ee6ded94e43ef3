/**
 * Relay global ids: a row's type and key in one opaque string, as the APIs
 * front ends talk to write them — graphql-relay's `base64("Film:1")` and
 * PostGraphile's `base64('["films",1]')` (its table's name and key). Both
 * spellings are read whichever one a mock writes.
 */
import type { Value } from '../../engine';

export type GlobalIdStyle = 'relay' | 'postgraphile';

export function encodeGlobalId(style: GlobalIdStyle, type: string, table: string, key: Value): string {
  const text = style === 'postgraphile' ? JSON.stringify([table, key]) : `${type}:${typeof key === 'string' ? key : JSON.stringify(key)}`;
  return Buffer.from(text).toString('base64');
}

/** The type (or table) name and key a global id holds; undefined when it is not one. */
export function decodeGlobalId(id: unknown): { name: string; key: Value } | undefined {
  if (typeof id !== 'string' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(id)) return undefined;
  const text = Buffer.from(id, 'base64').toString('utf8');
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string') return { name: parsed[0], key: parsed[1] };
    } catch {
      return undefined;
    }
    return undefined;
  }
  const match = /^([_A-Za-z][_0-9A-Za-z]*):(.+)$/s.exec(text);
  return match ? { name: match[1], key: match[2] } : undefined;
}
