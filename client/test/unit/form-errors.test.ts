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
