'use strict';
/**
 * A minimal TypeScript require hook: @swc/core's transformSync with an
 * on-disk cache keyed by the source's hash. @swc-node/register costs ~300 ms
 * per process (it loads TypeScript to read tsconfig); this costs ~40 ms warm,
 * which matters because every worker thread pays it again.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const CACHE_VERSION = '1';
const CACHE_DIR = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'seedbed-ts');
const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: false,
};

let swc;

function compile(source, filename) {
  const hash = crypto.createHash('sha1').update(CACHE_VERSION).update(filename).update(source).digest('hex');
  const cached = path.join(CACHE_DIR, `${hash}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    swc ??= require('@swc/core');
    const { code } = swc.transformSync(source, { ...SWC_OPTIONS, filename });
    try {
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      const temp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      fs.writeFileSync(temp, code);
      fs.renameSync(temp, cached);
    } catch {
      // A read-only checkout just loses the cache.
    }
    return code;
  }
}

/** `@seedbed/engine`, `seedbed/seed`, … load from the workspace packages' sources, as TypeScript and jest resolve them. */
let resolving = false;
function resolveWorkspaceSources() {
  if (resolving) return;
  resolving = true;
  const Module = require('node:module');
  const sources = require('./workspace-sources').workspaceSources();
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveFilename(request, ...rest) {
    return Object.hasOwn(sources, request) ? sources[request] : resolve.call(this, request, ...rest);
  };
}

function register() {
  if (require.extensions['.ts']) return;
  resolveWorkspaceSources();
  require.extensions['.ts'] = function loadTs(module, filename) {
    module._compile(compile(fs.readFileSync(filename, 'utf8'), filename), filename);
  };
}

module.exports = { register, resolveWorkspaceSources };
// Loading the file registers the hook, so `node -r ./server/bin/ts-register.js x.ts` works.
register();
