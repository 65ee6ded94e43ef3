export { pgAdapter, type PgPoolLike, type PgQueryable } from './pg';
export { typeormAdapter, type TypeOrmDataSourceLike, type TypeOrmManagerLike } from './typeorm';
export { prismaAdapter, type PrismaLike } from './prisma';
export { mysql2Adapter, type Mysql2ConnectionLike, type Mysql2PoolLike } from './mysql2';
export { sqliteAdapter, type SqliteDatabaseLike } from './better-sqlite3';
