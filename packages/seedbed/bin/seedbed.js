#!/usr/bin/env node
'use strict';
// The seedbed command. In this repository it runs from the TypeScript sources
// through the repository's cached swc hook; an installed package (whose files
// hold no src/) runs its built JavaScript.
const fs = require('node:fs');
const path = require('node:path');

// Node 22.1 and later keep V8's compiled code of the modules between runs
// (faker's locale, the engine): a short command then skips most compiling.
// Node 20 has no such cache and goes on without it.
require('node:module').enableCompileCache?.();

const source = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
let cli;
if (fs.existsSync(source)) {
  require(path.join(__dirname, '..', '..', '..', 'server', 'bin', 'ts-register.js')).register();
  cli = require(source);
} else {
  cli = require('../dist/cli/main.js');
}
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
