'use strict';
// Loads dist/bundle/seedbed.js (see scripts/bundle.mjs) with V8's compiled
// code of it when a cache beside it was made from these very bytes: Node 20
// has no compile cache of its own, and compiling the bundle's code was the
// largest part of a short command's start. The cache starts with the CRC-32
// of the source it was made from (V8 itself checks only the source's length):
// another source, or a V8 that rejects the data, compiles as usual. A CRC
// notices a rebuilt or patched bundle as well as a cryptographic hash would
// here (whoever can write the bundle can write its cache too), and loading
// node:crypto for SHA-256 cost ~4 ms of every start.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');
const { crc32 } = require('node:zlib');
const { isAscii } = require('node:buffer');

const HASH_BYTES = 4;

/** Commands the bundle leaves out: each brings its own dependencies, which hold the engine too (one copy per process). */
const UNBUNDLED_COMMANDS = ['diff', 'load', 'import', 'mock', 'codegen'];

/** The bundle's exports, or undefined when there is no bundle. `write`: save V8's code of it once the process is done. */
function loadBundle(bundlePath, { write = false } = {}) {
  let file;
  let bytes;
  try {
    // Its real place, as Node's loader takes it: a linked package finds its dependencies from there.
    file = fs.realpathSync(bundlePath);
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const hash = Buffer.alloc(HASH_BYTES);
  hash.writeUInt32BE(crc32(bytes));
  // The bundle is written ASCII-only: read as such it is a one-byte string, half the memory of UTF-16 and no decoding.
  const code = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  let cachedData;
  if (!write) {
    try {
      const cache = fs.readFileSync(`${file}.cache`);
      if (cache.subarray(0, HASH_BYTES).equals(hash)) cachedData = cache.subarray(HASH_BYTES);
    } catch {
      // No cache: compile.
    }
  }
  const script = new vm.Script(Module.wrap(code), { filename: file, cachedData });
  const dir = path.dirname(file);
  const bundle = new Module(file, module);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(dir);
  script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, dir);
  bundle.loaded = true;
  // After the run, so the code of every function the command ran is in it.
  if (write) process.once('beforeExit', () => fs.writeFileSync(`${file}.cache`, Buffer.concat([hash, script.createCachedData()])));
  return bundle.exports;
}

module.exports = { loadBundle, UNBUNDLED_COMMANDS };
