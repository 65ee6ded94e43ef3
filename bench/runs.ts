/**
 * Memory of a file run (issue 4 target: a 10,000,000-row run holds memory
 * flat, peak under 300 MB per process). Boots the real server with its
 * worker in this process on an embedded PostgreSQL, runs the people table at
 * 1M rows and then at 10M rows, and compares the peak resident memory of the
 * two: flat means the 10M peak is about the 1M peak.
 *
 *   [SEEDBED_RUN_THREADS=0] npm run bench:runs [-- --rows 10000000]
 */
import 'reflect-metadata';
import { chmodSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDataSource } from '../server/src/db/data-source';
import { ensureDatabase } from '../server/src/db/database';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres';
import { createLogger } from '../server/src/logger';
import { peopleBlueprint } from './blueprints';
import { benchClient } from './client';
import { fmt, machineLoad, RssSampler, scratchDir } from './measure';

const LIMIT_MB = 300;

function argRows(): number {
  const i = process.argv.indexOf('--rows');
  return i > 0 ? Number(process.argv[i + 1]) : 10_000_000;
}

async function main() {
  chmodSync(scratchDir, 0o755);
  const dataDir = path.join(scratchDir, 'data');
  mkdirSync(dataDir);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), ephemeral: true });
  await ensureDatabase(pg.url, 'seedbed');
  const db = createDataSource({ url: pg.url.replace(/\/postgres$/, '/seedbed') });
  await db.initialize();
  await db.runMigrations();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEEDBED_DATA_DIR: dataDir, SEEDBED_QUEUE_SUPERVISE_SECONDS: '1',
    // SEEDBED_RUN_THREADS=0 to compare with shards encoded in the worker's own thread only.
    SEEDBED_RUN_THREADS: process.env.SEEDBED_RUN_THREADS });
  const app = await createApp(config, db, createLogger('warn'));
  const port = await app.listen(0);
  const base = `http://127.0.0.1:${port}`;

  const { gql } = benchClient(base);
  await gql(`mutation { signUp(input: { email: "bench@example.test", password: "bench password 1", name: "Bench" }) { user { id } } }`);
  const { createProject } = await gql(`mutation { createProject(input: { name: "bench" }) { id } }`);

  const run = async (rows: number) => {
    const { createBlueprint } = await gql(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, {
      input: { projectId: createProject.id, document: peopleBlueprint(rows) },
    });
    global.gc?.();
    const rss = new RssSampler();
    const started = Date.now();
    const { startRun } = await gql(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
      input: { blueprintId: createBlueprint.id, target: { files: { formats: ['CSV'] } } },
    });
    let status = 'QUEUED';
    let size = 0;
    while (!['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(status)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { run } = await gql(`query($id: ID!) { run(id: $id) { status error artifacts { size } } }`, { id: startRun.id });
      status = run.status;
      size = run.artifacts[0]?.size ?? 0;
      if (status === 'FAILED') throw new Error(run.error);
    }
    const seconds = (Date.now() - started) / 1000;
    return { rows, seconds, peakMb: rss.stop() / 1048576, size };
  };

  console.log(`file run memory (${config.runs.threads} helper threads; ${machineLoad()})`);
  const small = await run(1_000_000);
  const big = await run(argRows());
  for (const r of [small, big]) {
    console.log(
      `  ${fmt(r.rows).padStart(12)} rows  ${r.seconds.toFixed(1).padStart(6)} s  ${fmt(r.rows / r.seconds).padStart(9)} rows/s` +
        `  ${fmt(r.size / 1048576).padStart(6)} MB of CSV  peak RSS ${r.peakMb.toFixed(0)} MB`,
    );
  }
  console.log(`  peak ratio ${fmt(big.rows / small.rows)}x rows: ${(big.peakMb / small.peakMb).toFixed(2)}x memory`);
  console.log(`  target: peak under ${LIMIT_MB} MB per process: ${big.peakMb < LIMIT_MB ? 'met' : 'NOT met'}`);

  await app.close();
  await db.destroy();
  await pg.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
