/**
 * A blueprint document as a file (PRODUCT.md §10): parsed from an uploaded
 * file with a located error, and written for download under a safe name.
 */
export type ParsedDocumentFile = { ok: true; document: Record<string, unknown> } | { ok: false; path: string; message: string };

/** "line 3, column 5" for a character offset: how an editor would find it. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Where JSON.parse stopped, from its message (V8 says "at position N", sometimes with the line too). */
function parseErrorPlace(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (position) return lineAndColumn(text, Number(position[1]));
  return 'end of file';
}

/** Turns a file's text into a document to send, or says where it is not JSON. Validation proper is the server's. */
export function parseDocumentFile(fileName: string, text: string): ParsedDocumentFile {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : 'invalid JSON';
    return { ok: false, path: `${fileName}: ${parseErrorPlace(text, error)}`, message: `is not valid JSON (${detail}).` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, path: fileName, message: 'is JSON but not a blueprint document: a document is one object with "seedbed", "name" and "tables".' };
  }
  return { ok: true, document: value as Record<string, unknown> };
}

/** `<name>.json`, with what file systems refuse replaced: names are free text. */
export function documentFileName(name: string): string {
  const safe = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${safe || 'blueprint'}.json`;
}

/** The bytes of a download: the stored document as it is, indented for people, ending in a newline. */
export function documentFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
