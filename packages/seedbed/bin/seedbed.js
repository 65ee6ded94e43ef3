#!/usr/bin/env node
'use strict';
// The seedbed command. In this repository it runs from the TypeScript sources
// through the repository's cached swc hook; an installed package (whose files
// hold no src/) runs its built JavaScript: the one-file bundle of the CLI
// (scripts/bundle.mjs) for the commands it holds, dist/cli/ for the others
// and wherever the bundle was not built.
const fs = require('node:fs');
const path = require('node:path');

// Node 22.1 and later keep V8's compiled code of the modules between runs
// (faker's locale, the engine): a short command then skips most compiling.
// Node 20 has no such cache: the bundle's loader keeps one of its own.
const nodeCompileCache = require('node:module').enableCompileCache?.();

function builtCli() {
  const { loadBundle, UNBUNDLED_COMMANDS } = require('./bundle-loader.js');
  if (!UNBUNDLED_COMMANDS.includes(process.argv[2])) {
    const bundle = path.join(__dirname, '..', 'dist', 'bundle', 'seedbed.js');
    if (nodeCompileCache) {
      if (fs.existsSync(bundle)) return require(bundle);
    } else {
      const loaded = loadBundle(bundle);
      if (loaded) return loaded;
    }
  }
  return require('../dist/cli/main.js');
}

const source = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
let cli;
if (fs.existsSync(source)) {
  require(path.join(__dirname, '..', '..', '..', 'server', 'bin', 'ts-register.js')).register();
  cli = require(source);
} else {
  cli = builtCli();
}
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
