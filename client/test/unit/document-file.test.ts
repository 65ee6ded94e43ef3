import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { importErrorsOf } from '../../src/components/import/import-errors';
import { documentFileName, documentFileText, parseDocumentFile } from '../../src/lib/document-file';

describe('parseDocumentFile', () => {
  it('gives the document of a valid file', () => {
    expect(parseDocumentFile('shop.json', '\uFEFF{"seedbed":1,"name":"shop","tables":[]}')).toEqual({ ok: true, document: { seedbed: 1, name: 'shop', tables: [] } });
  });

  it('says where a file stops being JSON, as line and column', () => {
    const parsed = parseDocumentFile('shop.json', '{\n  "seedbed": 1,\n  "name": "shop"\n  "tables": []\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.path).toBe('shop.json: line 4, column 3');
    expect(parsed.message).toMatch(/^is not valid JSON/);
  });

  it('refuses JSON that is not one object', () => {
    expect(parseDocumentFile('list.json', '[1, 2]')).toMatchObject({ ok: false, path: 'list.json', message: expect.stringContaining('not a blueprint document') });
    expect(parseDocumentFile('null.json', 'null')).toMatchObject({ ok: false });
  });
});

describe('document downloads', () => {
  it('names the file after the blueprint, without characters file systems refuse', () => {
    expect(documentFileName('shop')).toBe('shop.json');
    expect(documentFileName('a/b: c?')).toBe('a_b_ c_.json');
    expect(documentFileName(' .. ')).toBe('blueprint.json');
  });

  it('writes the document as indented JSON that parses back to the same value', () => {
    const document = { seedbed: 1, name: 'shop', tables: [{ name: 'users', rows: 10, fields: [] }] };
    const text = documentFileText(document);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(document);
  });
});

describe('importErrorsOf', () => {
  const graphQLError = (errors: object[]) => new CombinedGraphQLErrors({ errors } as never);

  it('puts each message beside the input its path names, keeping the path', () => {
    const errors = importErrorsOf(
      graphQLError([
        { message: 'syntax error at or near "TABLEX" (line 3)', extensions: { code: 'BAD_USER_INPUT', path: 'input.text' } },
        { message: 'JSON_SAMPLE imports are not available yet.', extensions: { code: 'BAD_USER_INPUT', path: ['input', 'source'] } },
      ]),
    );
    expect(errors.fields.text).toEqual([{ path: 'input.text', message: 'syntax error at or near "TABLEX" (line 3)' }]);
    expect(errors.fields.source).toEqual([{ path: 'input.source', message: 'JSON_SAMPLE imports are not available yet.' }]);
    expect(errors.form).toEqual([]);
  });

  it('lists every issue of an error, and keeps what names no input for the form', () => {
    const errors = importErrorsOf(
      graphQLError([
        {
          message: 'Invalid import',
          extensions: { code: 'BAD_USER_INPUT', issues: [{ path: 'input.url', message: 'refused address' }, { path: 'tables[3].name', message: 'too long' }] },
        },
        { message: 'Forbidden', extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(errors.fields.url).toEqual([{ path: 'input.url', message: 'refused address' }]);
    expect(errors.form).toEqual([{ path: 'tables[3].name', message: 'too long' }, { path: undefined, message: 'Forbidden' }]);
  });

  it('says a refusal for size is about the text', () => {
    const errors = importErrorsOf(graphQLError([{ message: 'The text is over the import limit of 5 MB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }]));
    expect(errors.fields.text).toEqual([{ path: 'input.text', message: 'The text is over the import limit of 5 MB.' }]);
  });

  it('says a body too large for the server is about the text', () => {
    const error = new ServerError('Payload Too Large', { response: new Response('', { status: 413 }), bodyText: '' } as never);
    expect(importErrorsOf(error).fields.text?.[0].message).toMatch(/larger than the server accepts/);
  });
});
