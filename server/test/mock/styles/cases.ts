import type { Truth } from './truth';

/** One way to send operations to a mock: HTTP or graphql-ws, to the server's endpoint or to `seedbed mock`. */
export interface Transport {
  name: string;
  send(query: string, variables?: Record<string, unknown>): Promise<{ data?: any; errors?: { message: string; extensions?: Record<string, any> }[]; extensions?: Record<string, any> }>;
  /** A live subscription (graphql-ws only): its answers so far, and a way to end it. */
  subscribe?(query: string, variables?: Record<string, unknown>): { answers: any[]; next(count: number): Promise<any[]>; stop(): void };
}

/** A query (or mutation) an app of a style would send, written before any import, with how its answer is checked. */
export interface StyleCase {
  name: string;
  run(t: Transport, truth: Truth): Promise<void>;
}

/** Sends and expects no errors. */
export async function ok(t: Transport, query: string, variables?: Record<string, unknown>): Promise<any> {
  const result = await t.send(query, variables);
  if (result.errors?.length) throw new Error(`${t.name}: ${JSON.stringify(result.errors)}\nfor ${query}`);
  return result.data;
}
