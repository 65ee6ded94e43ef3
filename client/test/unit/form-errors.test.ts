import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describeError, errorCode, toFormErrors } from '../../src/lib/errors';

const SIGN_UP = { name: 'Name', email: 'Email', password: 'Password' };

function graphQLErrors(...errors: { message: string; extensions?: Record<string, unknown> }[]) {
  return new CombinedGraphQLErrors({ errors });
}

describe('toFormErrors', () => {
  it('puts each reported issue under its own field, with the field label first', () => {
    const error = graphQLErrors({
      message: 'input.email: must be a valid email address (+1 more)',
      extensions: {
        code: 'BAD_USER_INPUT',
        path: 'input.email',
        issues: [
          { path: 'input.email', message: 'must be a valid email address' },
          { path: 'input.password', message: 'must be at least 12 characters' },
        ],
      },
    });
    expect(toFormErrors(error, SIGN_UP)).toEqual({
      fields: { email: 'Email must be a valid email address.', password: 'Password must be at least 12 characters.' },
      form: [],
    });
  });

  it('uses extensions.path when there is no issue list, as a string or an array', () => {
    const asString = graphQLErrors({ message: 'is already registered', extensions: { code: 'BAD_USER_INPUT', path: 'input.email' } });
    const asArray = graphQLErrors({ message: 'is already registered', extensions: { code: 'BAD_USER_INPUT', path: ['input', 'email'] } });
    expect(toFormErrors(asString, SIGN_UP).fields).toEqual({ email: 'Email is already registered.' });
    expect(toFormErrors(asArray, SIGN_UP).fields).toEqual({ email: 'Email is already registered.' });
  });

  it('never glues the label to a message that is a sentence of its own', () => {
    const error = graphQLErrors({
      message: 'no Seedbed account has this email',
      extensions: { code: 'BAD_USER_INPUT', path: 'input.email' },
    });
    const email = toFormErrors(error, { email: 'Email', role: 'Role' }).fields.email;
    expect(email).toBe('No Seedbed account has this email.');
    expect(email).not.toMatch(/^Email no/);
    const role = graphQLErrors({ message: 'an API key is EDITOR or VIEWER, never OWNER', extensions: { code: 'BAD_USER_INPUT', path: 'input.role' } });
    expect(toFormErrors(role, { role: 'Role' }).fields.role).toBe('An API key is EDITOR or VIEWER, never OWNER.');
  });

  it('reads every message the server sends to a form as a sentence', () => {
    // The messages of auth, project and api-key services with input.* paths.
    const cases: [string, string, string][] = [
      ['Email', 'must be a valid email address', 'Email must be a valid email address.'],
      ['Email', 'is already registered', 'Email is already registered.'],
      ['Email', 'no Seedbed account has this email', 'No Seedbed account has this email.'],
      ['Password', 'must be at least 12 characters', 'Password must be at least 12 characters.'],
      ['Name', 'must be 1 to 200 characters', 'Name must be 1 to 200 characters.'],
      ['Name', 'must not contain a NUL character', 'Name must not contain a NUL character.'],
      ['Expiry', 'must be in the future', 'Expiry must be in the future.'],
      ['Role', 'an API key is EDITOR or VIEWER, never OWNER', 'An API key is EDITOR or VIEWER, never OWNER.'],
      ['Blueprint name', 'A blueprint name has 1 to 200 characters.', 'A blueprint name has 1 to 200 characters.'],
      ['Blueprint name', 'must be an SQL identifier', 'Blueprint name must be an SQL identifier.'],
    ];
    for (const [label, message, sentence] of cases) {
      const error = graphQLErrors({ message, extensions: { code: 'BAD_USER_INPUT', path: 'input.field' } });
      const shown = toFormErrors(error, { field: label }).fields.field;
      expect(shown).toBe(sentence);
      expect(shown).toMatch(/^[A-Z].*[.!?]$/);
    }
  });

  it('keeps errors about fields the form does not show, and other codes, at form level', () => {
    const error = graphQLErrors(
      { message: 'input.role: unknown', extensions: { code: 'BAD_USER_INPUT', path: 'input.role' } },
      { message: 'Email or password is wrong.', extensions: { code: 'UNAUTHENTICATED' } },
    );
    expect(toFormErrors(error, SIGN_UP)).toEqual({ fields: {}, form: ['input.role: unknown', 'Email or password is wrong.'] });
  });

  it('turns transport failures into one form-level sentence', () => {
    const result = toFormErrors(new TypeError('Failed to fetch'), SIGN_UP);
    expect(result.fields).toEqual({});
    expect(result.form).toEqual(['Could not reach the server. Check your connection and try again.']);
  });
});

describe('describeError and errorCode', () => {
  it('reads the code of a GraphQL error', () => {
    expect(errorCode(graphQLErrors({ message: 'No such project', extensions: { code: 'NOT_FOUND' } }))).toBe('NOT_FOUND');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });

  it('explains HTTP failures without leaking response bodies', () => {
    const response = new Response('{"oops":true}', { status: 429 });
    expect(describeError(new ServerError('Too many', { response, bodyText: '{"oops":true}' }))).toMatch(/Too many requests/);
  });
});
