/**
 * What any JSON a client sends must be before we work on it or store it:
 * nested at most 64 levels (deeper JSON blows the stack of recursive
 * validators and of JSON.stringify), text PostgreSQL can store (no NUL, no
 * unpaired surrogate) and finite numbers (`1e309` parses as Infinity, which
 * JSON.stringify would quietly store as null).
 */

export const MAX_JSON_DEPTH = 64;

export interface JsonIssue {
  path: string;
  message: string;
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL would refuse this text, if it would. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'must not contain a NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'must not contain an unpaired surrogate (invalid UTF-16)';
  return undefined;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key.replace(/[\0\ud800-\udfff]/g, '\ufffd'));
  return /^[A-Za-z_$]/.test(name) ? (parent ? `${parent}.${name}` : name) : `${parent}[${name}]`;
}

/**
 * The first problem of a JSON value, walked without recursion, with the path
 * of the offending input under `path`. `depthOnly` skips text and numbers
 * (for whole request bodies, whose fields the services check themselves).
 */
export function jsonIssue(value: unknown, options: { path?: string; maxDepth?: number; depthOnly?: boolean } = {}): JsonIssue | undefined {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const stack: [unknown, string, number][] = [[value, options.path ?? '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = options.depthOnly ? undefined : textProblem(item);
      if (problem) return { path, message: problem };
    } else if (typeof item === 'number') {
      if (!options.depthOnly && !Number.isFinite(item)) return { path, message: 'must be a finite number' };
    } else if (item !== null && typeof item === 'object') {
      if (depth >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels` };
      const entries: [string | number, unknown][] = Array.isArray(item) ? item.map((v, i) => [i, v]) : Object.entries(item);
      // Pushed in reverse, so the first problem in document order is the one reported.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        if (typeof key === 'string' && !options.depthOnly) {
          const problem = textProblem(key);
          if (problem) return { path: childPath(path, key), message: `its name ${problem}` };
        }
        stack.push([child, childPath(path, key), depth + 1]);
      }
    }
  }
  return undefined;
}
