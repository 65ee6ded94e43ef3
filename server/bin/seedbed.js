#!/usr/bin/env node
'use strict';
// The seedbed command: TypeScript sources loaded through a cached swc hook.
require('./ts-register').register();
require('../src/cli/main.ts')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
