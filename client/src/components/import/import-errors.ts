import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describeError } from '../../lib/errors';

/** The inputs of the import form an error can point at. */
export type ImportField = 'source' | 'name' | 'text' | 'url';

export interface PathedMessage {
  /** The input path the server named (`input.text`, `input.url`, ...), shown beside the message. */
  path?: string;
  message: string;
}

export interface ImportErrors {
  fields: Partial<Record<ImportField, PathedMessage[]>>;
  /** Everything not about one input (and paths inside the source, such as a document path). */
  form: PathedMessage[];
}

export const noImportErrors: ImportErrors = { fields: {}, form: [] };

const FIELDS: readonly ImportField[] = ['source', 'name', 'text', 'url'];

function pathString(path: unknown): string | undefined {
  if (typeof path === 'string' && path !== '') return path;
  if (Array.isArray(path) && path.length > 0) return path.join('.');
  return undefined;
}

/** `input.text`, `text`, `input.text.line 3` → `text`: the input the message belongs beside. */
function fieldOf(path: string | undefined): ImportField | undefined {
  const head = path?.replace(/^input\./, '').split(/[.[:\s]/)[0];
  // The sample upload route names the request body, which is the text.
  if (head === 'body') return 'text';
  return FIELDS.find((f) => f === head);
}

/**
 * Sorts a failed import's errors to the inputs they name, each keeping its
 * path so the user sees exactly where the server looked. Nothing is dropped:
 * what names no input goes to the form.
 */
export function importErrorsOf(error: unknown): ImportErrors {
  const result: ImportErrors = { fields: {}, form: [] };
  const add = (item: PathedMessage) => {
    const field = fieldOf(item.path);
    if (field) (result.fields[field] ??= []).push(item);
    else result.form.push(item);
  };
  if (ServerError.is(error) && error.statusCode === 413) {
    add({ path: 'input.text', message: 'is larger than the server accepts in one request. Import a smaller file, or split it.' });
    return result;
  }
  if (!CombinedGraphQLErrors.is(error)) {
    result.form.push({ message: describeError(error) });
    return result;
  }
  for (const e of error.errors) {
    const issues = e.extensions?.issues;
    if (Array.isArray(issues) && issues.length > 0) {
      for (const issue of issues as { path?: unknown; message?: unknown }[]) {
        if (typeof issue?.message === 'string') add({ path: pathString(issue.path), message: issue.message });
      }
    } else if (e.extensions?.code === 'PAYLOAD_TOO_LARGE' && !e.extensions.path) {
      add({ path: 'input.text', message: e.message });
    } else {
      add({ path: pathString(e.extensions?.path), message: e.message });
    }
  }
  return result;
}

/** How many problems an error set holds, for the announcement. */
export function countImportErrors(errors: ImportErrors): number {
  return errors.form.length + Object.values(errors.fields).reduce((n, list) => n + (list?.length ?? 0), 0);
}

/** Every message of an error set in one list, paths kept: for actions that have no inputs of their own. */
export function allImportMessages(errors: ImportErrors): PathedMessage[] {
  return [...errors.form, ...Object.values(errors.fields).flatMap((list) => list ?? [])];
}
