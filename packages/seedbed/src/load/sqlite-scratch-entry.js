// Worker threads start with an empty module system. In this repository the
// helper runs from its TypeScript source: register the repository's loader
// first (plain JS so it needs no transpiling). An installed package has only
// the built JavaScript beside this file.
const fs = require('node:fs');
const path = require('node:path');

const source = path.join(__dirname, 'sqlite-scratch-worker.ts');
if (fs.existsSync(source)) {
  require(path.join(__dirname, '../../../../server/bin/ts-register.js')).register();
  require(source);
} else {
  require('./sqlite-scratch-worker.js');
}
