import { AppError } from '@seedbed/engine/errors';

/**
 * A driver the user installs beside seedbed when they need it (an optional
 * peer dependency: mysql2, better-sqlite3), loaded on first use, so that
 * installing seedbed builds no native module and a PostgreSQL user needs
 * neither.
 */
export function optionalPeer<T>(name: string, what: string): T {
  try {
    return require(name) as T;
  } catch (error) {
    const pkg = name.split('/')[0];
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(`'${name}'`)) {
      throw new AppError('BAD_USER_INPUT', `Loading ${what} needs the ${pkg} package beside seedbed: npm i -D ${pkg}`);
    }
    throw error;
  }
}
