/**
 * Not a test file: TypeScript that uses the generated client as an
 * application would, type-checked by `npm run typecheck` (strict). Each
 * `@ts-expect-error` fails the type check when the mistake below it is not
 * refused.
 */
import type { Client } from 'pg';
import { pgAdapter } from '../../src/seed-client';
import { createSeedClient, type UsersSeeded } from './shop-seed';

export async function typedUse(client: Client): Promise<unknown[]> {
  const seed = createSeedClient({ adapter: pgAdapter(client), seed: 7 });
  const users: UsersSeeded[] = await seed.users(3, { email: (i) => `user${i}@test.dev`, orders: 2 });
  const id: number = users[0].id;
  const bio: string | null = users[0].bio;
  const total: number | undefined = users[0].orders?.[0].total;
  await seed.orders(1, { user_id: users[0], items: [{ quantity: 2 }], connect: { products: [{ id: 1 }] } });
  const built = seed.products.build(2);
  const sql: string = seed.users.dryRun(1).sql;
  await seed.$scope('other').users(1);
  await seed.$reset();
  // @ts-expect-error: no such field
  await seed.users(1, { emial: 'x' });
  // @ts-expect-error: email is text
  await seed.users(1, { email: 5 });
  // @ts-expect-error: ids are numbers
  const wrong: string = seed.users.build(1)[0].id;
  // @ts-expect-error: orders nest rows or a count
  await seed.users(1, { orders: 'two' });
  return [id, bio, total, built, sql, wrong];
}
