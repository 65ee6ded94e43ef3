import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';

/** Error codes of PRODUCT.md §8 that the client reacts to specifically. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'INTERNAL_SERVER_ERROR'
  | (string & {});

/** Messages to show: one per form field (by input field name) plus any for the form as a whole. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string[];
}

export const noErrors: FormErrors = { fields: {}, form: [] };

/** `extensions.path` as a dotted string; the server may send `input.email` or `['input', 'email']`. */
function pathOf(extensions: Record<string, unknown> | undefined): string | undefined {
  const path = extensions?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.join('.');
  return undefined;
}

/** The first error code carried by a failed operation, if any. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors.find((e) => e.extensions?.code)?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** A sentence for an error that is not about one field. */
export function describeError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.map((e) => e.message).join(' ') || 'The server refused the request.';
  }
  if (ServerError.is(error)) {
    if (error.statusCode === 429) return 'Too many requests. Wait a moment and try again.';
    if (error.statusCode >= 500) return 'The server had a problem. Try again in a moment.';
    return `The server refused the request (HTTP ${error.statusCode}).`;
  }
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

interface Issue {
  path?: string;
  message: string;
}

/**
 * The input problems an error reports: each of `extensions.issues` (the
 * server lists every invalid field at once) or else the error itself.
 */
function issuesOf(error: GraphQLFormattedError): Issue[] {
  const issues = error.extensions?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues.flatMap((i: unknown) => {
      const issue = i as { path?: unknown; message?: unknown };
      if (typeof issue?.message !== 'string') return [];
      return [{ path: pathOf({ path: issue.path }), message: issue.message }];
    });
  }
  return [{ path: pathOf(error.extensions), message: error.message }];
}

/**
 * Server messages about one input come in two shapes: a predicate that
 * follows the field's name ("must be a valid email address", "is already
 * registered") and a clause of its own ("no Seedbed account has this email",
 * "an API key is EDITOR or VIEWER, never OWNER"). A predicate gets the label
 * as its subject; anything else stands alone, because gluing a label to a
 * whole clause reads as nonsense ("Email no Seedbed account has this email.").
 */
const PREDICATE = /^(must|is|are|was|were|cannot|can't|can|should|needs?|has|have|may|will|does|do)\b/;

/** A message about a labelled field as one sentence: capitalised, ending in a full stop. */
export function fieldSentence(label: string, message: string): string {
  const text = message.trim();
  const sentence = PREDICATE.test(text) ? `${label} ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Splits a failed mutation's errors into per-field messages (using the input
 * path, such as `input.email` → `email`) and form-level ones. `fields` maps
 * each field the form shows to its label, used to word the message as a
 * sentence (see `fieldSentence`). Errors about any other path go to the form:
 * nothing is dropped.
 */
export function toFormErrors(error: unknown, fields: Readonly<Record<string, string>>): FormErrors {
  if (!CombinedGraphQLErrors.is(error)) return { fields: {}, form: [describeError(error)] };
  const result: FormErrors = { fields: {}, form: [] };
  for (const e of error.errors) {
    const code = e.extensions?.code;
    for (const issue of code === 'BAD_USER_INPUT' ? issuesOf(e) : [{ message: e.message }]) {
      const field = issue.path?.replace(/^input\./, '');
      const label = field ? fields[field] : undefined;
      if (field && label) {
        const message = fieldSentence(label, issue.message);
        result.fields[field] = result.fields[field] ? `${result.fields[field]} ${message}` : message;
      } else {
        result.form.push(issue.message);
      }
    }
  }
  return result;
}
