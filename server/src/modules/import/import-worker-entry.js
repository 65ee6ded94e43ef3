// Worker threads start with an empty module system: register the TypeScript
// loader before loading the worker (plain JS so it needs no transpiling).
require('../../../bin/ts-register').register();
require('./import-worker.ts');
