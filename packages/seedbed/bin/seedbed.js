#!/usr/bin/env node
'use strict';
// The seedbed command. In this repository it runs from the TypeScript sources
// through the repository's cached swc hook; an installed package (whose files
// hold no src/) runs its built JavaScript.
const fs = require('node:fs');
const path = require('node:path');

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
