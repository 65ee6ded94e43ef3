/**
 * Prisma: a PrismaClient (each call in an interactive transaction of its
 * own) or the transaction client `$transaction(async (tx) => …)` hands you
 * (the rows go into it). Statements go through `$executeRawUnsafe`, one
 * multi-row INSERT at a time; the values are the engine's SQL literals, never
 * text of yours.
 */
import type { Dialect } from '../../engine';
import type { SeedAdapter, SeedExecutor } from '../types';

/** What the adapter uses of a Prisma client or transaction client. */
export interface PrismaLike {
  $executeRawUnsafe(sql: string): Promise<number>;
  $transaction?: unknown;
}

const PROVIDERS: Record<string, Dialect> = { postgresql: 'postgres', postgres: 'postgres', mysql: 'mysql', sqlite: 'sqlite' };

export function prismaAdapter(prisma: PrismaLike, options: { dialect?: Dialect } = {}): SeedAdapter {
  const provider = (prisma as { _activeProvider?: string })._activeProvider;
  const dialect = options.dialect ?? (provider ? PROVIDERS[provider] : undefined) ?? 'postgres';
  const executorOf = (tx: PrismaLike): SeedExecutor => ({ execute: async (sql) => void (await tx.$executeRawUnsafe(sql)) });
  return {
    dialect,
    run: (work) =>
      typeof prisma.$transaction === 'function'
        ? (prisma.$transaction as (fn: (tx: PrismaLike) => Promise<void>) => Promise<void>)((tx) => work(executorOf(tx)))
        : work(executorOf(prisma)),
  };
}
