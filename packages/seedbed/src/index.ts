/**
 * Seedbed from code: the typed seed client's runtime (also `seedbed/seed`),
 * direct load of a compiled plan into PostgreSQL, MySQL/MariaDB or SQLite, the settings the command
 * shares with a server, and the code generator (also `seedbed/codegen`, a
 * graphql-codegen plugin). The command itself is `bin/seedbed.js`; this entry
 * loads none of it (no S3 client, no HTTP server).
 */
export * from './seed-client';
export { loadInto, type LoadOptions, type LoadResult } from './load/load';
export { loadIntoPostgres } from './load/postgres-loader';
export { loadIntoMysql, mysqlServerVersion } from './load/mysql-loader';
export { loadIntoSqlite, sqlitePath } from './load/sqlite-loader';
export { envInt, s3LocationOf, sharedLimits, type Env, type S3Settings, type SharedLimits } from './settings';
export { seedClientSource } from './cli/codegen';
