'use strict';
/**
 * The workspace packages' entries as TypeScript sources: every `exports`
 * entry of packages/<name>/package.json with a `source` condition, keyed by
 * the specifier a user writes (`@seedbed/engine`, `seedbed/seed`). Node's
 * hook (ts-register.js) and jest's moduleNameMapper use it so that nothing
 * needs building in development; TypeScript and Vite read the same
 * `source` condition themselves (customConditions, resolve.conditions).
 */
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES = path.join(__dirname, '..', '..', 'packages');

function workspaceSources() {
  const sources = {};
  for (const dir of fs.readdirSync(PACKAGES)) {
    const file = path.join(PACKAGES, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const { name, exports } = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [subpath, target] of Object.entries(exports ?? {})) {
      if (target && typeof target === 'object' && target.source) {
        sources[subpath === '.' ? name : `${name}${subpath.slice(1)}`] = path.join(PACKAGES, dir, target.source);
      }
    }
  }
  return sources;
}

module.exports = { workspaceSources };
