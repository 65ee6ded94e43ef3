import fs from 'node:fs';

export default async function globalTeardown() {
  const pg = (globalThis as Record<string, unknown>).__seedbedPostgres as { stop(): Promise<unknown>; dir: string } | undefined;
  if (!pg) return;
  await pg.stop();
  fs.rmSync(pg.dir, { recursive: true, force: true });
}
