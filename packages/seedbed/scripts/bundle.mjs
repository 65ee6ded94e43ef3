/**
 * Bundles the built CLI (`dist/`, from `tsc -b`) into `dist/bundle/`:
 *
 *   seedbed.js        the command: this package's CLI with @seedbed/engine
 *                     and the engine's own dependencies (faker's `en`
 *                     locale, Ajv, jsep, randexp) in one file, written
 *                     ASCII-only (the loader reads it as one-byte text)
 *   seedbed.js.cache  V8's compiled code of it, made by a short generate
 *                     (bin/bundle-loader.js uses it on Node 20, which has no
 *                     compile cache of its own; it is ignored elsewhere)
 *   worker-entry.js   the engine's chunk worker thread: a few lines that load
 *                     seedbed.js (and its code cache) and run the chunk
 *                     worker bundled in it (the engine starts its threads
 *                     from `worker-entry.js` beside its own code, which in
 *                     the bundle is this folder)
 *
 * A short `seedbed generate` spent most of its start resolving, reading and
 * compiling ~150 small modules. Commands that bring their own world
 * (`import`, `mock`, `load`, `codegen`, `diff`) are left out: bin/seedbed.js
 * runs them from `dist/cli/` as before, so a process never holds two copies
 * of the engine. This package's third-party dependencies (the S3 client, …)
 * stay outside and load from node_modules when a command needs them.
 *
 *   node packages/seedbed/scripts/bundle.mjs      (after tsc -b packages/seedbed)
 */
import { execFileSync } from 'node:child_process';
import { builtinModules, createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const PACKAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(PACKAGE, 'dist');
const OUT = path.join(DIST, 'bundle');
const require = createRequire(import.meta.url);
const { UNBUNDLED_COMMANDS } = require('../bin/bundle-loader.js');
const ENGINE_DIST = path.dirname(require.resolve('@seedbed/engine'));

/** The bundle's entry: the CLI, and the chunk worker that its helper threads run (its top level only when called). */
const ENTRY = '\0seedbed-entry';
const entry = {
  name: 'seedbed-entry',
  resolveId: (id) => (id === ENTRY ? id : null),
  load(id) {
    if (id !== ENTRY) return null;
    const [cli, worker] = [path.join(DIST, 'cli', 'main.js'), path.join(ENGINE_DIST, 'parallel', 'chunk-worker.js')].map((f) => JSON.stringify(f));
    return `exports.main = require(${cli}).main;\nexports.runChunkWorker = () => { require(${worker}); };\n`;
  },
};

/**
 * A helper thread of the bundled CLI. It loads the command's own bundle, so
 * the package holds one copy of the engine, and a thread compiles the
 * bundle from V8's cached code (a bundle of the worker alone took ~60 ms of
 * a thread's ~240 ms start to compile).
 */
const WORKER_ENTRY = `'use strict';
// Written by scripts/bundle.mjs: a chunk worker thread of the bundled CLI, run from seedbed.js beside this file.
const path = require('node:path');
const bundle = path.join(__dirname, 'seedbed.js');
const loaded = require('node:module').enableCompileCache?.() ? require(bundle) : require('../../bin/bundle-loader.js').loadBundle(bundle);
loaded.runChunkWorker();
`;

const builtins = new Set(builtinModules);
const isBare = (id) => !id.startsWith('.') && !path.isAbsolute(id);

/** What stays a `require` at run time: Node's modules, and this package's own third-party dependencies. */
function external(id, importer) {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  return Boolean(importer?.startsWith(DIST)) && isBare(id) && !id.startsWith('@seedbed/engine');
}

/** main.js's other commands stay in dist/cli/, required from there if the bundle ever runs one. */
const otherCommands = {
  name: 'other-commands',
  resolveId(id, importer) {
    if (importer === path.join(DIST, 'cli', 'main.js') && UNBUNDLED_COMMANDS.some((c) => id === `./${c}`)) return { id: `../cli/${id.slice(2)}.js`, external: true };
    return null;
  },
};

async function bundle(input, file) {
  await build({
    input,
    platform: 'node',
    external,
    plugins: [entry, otherCommands],
    resolve: { conditionNames: ['node', 'require', 'default'] },
    output: { file: path.join(OUT, file), format: 'cjs', codeSplitting: false, charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } },
    logLevel: 'warn',
  });
}

/**
 * Runs a generate through the loader, which then writes the cache: the code
 * of what a start runs is compiled already. Rows enough for the compiled row
 * writers (a table of more than 16,384 rows gets them): the code that builds
 * them took ~9 ms of a large run to compile when it was not in the cache.
 * Fields with options, as most blueprints have: the option checks run only
 * for those, and their module took ~5 ms of a start when it was left out.
 */
const WARM_ROWS = 20_000;

function writeCodeCache() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'seedbed-bundle-'));
  try {
    const blueprint = path.join(scratch, 'warm.json');
    const fields = [
      { name: 'id', generator: 'uuid' },
      { name: 'first', generator: 'person.firstName' },
      { name: 'last', generator: 'person.lastName' },
      { name: 'email', generator: 'internet.email', options: { firstName: '{first}', lastName: '{last}' } },
      { name: 'phone', generator: 'phone.number' },
      { name: 'born', generator: 'date.birthdate' },
      { name: 'city', generator: 'location.city' },
      { name: 'country', generator: 'location.country' },
      { name: 'company', generator: 'company.name' },
      { name: 'age', generator: 'number.int', options: { min: 18, max: 90 } },
      { name: 'active', generator: 'datatype.boolean' },
      { name: 'bio', generator: 'lorem.sentence' },
    ];
    writeFileSync(blueprint, JSON.stringify({ seedbed: 1, name: 'warm', tables: [{ name: 'warm', rows: WARM_ROWS, primaryKey: 'id', fields }] }));
    const loader = path.join(PACKAGE, 'bin', 'bundle-loader.js');
    const script = `require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(path.join(OUT, 'seedbed.js'))}, { write: true }).main(process.argv.slice(1)).then((c) => { process.exitCode = c; });`;
    execFileSync(process.execPath, ['-e', script, 'generate', blueprint, '--out', '-'], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(DIST, 'cli', 'main.js'))) throw new Error('build the package first: tsc -b packages/seedbed');
rmSync(OUT, { recursive: true, force: true });
await bundle(ENTRY, 'seedbed.js');
writeFileSync(path.join(OUT, 'worker-entry.js'), WORKER_ENTRY);
writeCodeCache();
