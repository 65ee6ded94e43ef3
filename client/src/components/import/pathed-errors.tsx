import type { PathedMessage } from './import-errors';

/** The import form's inputs as their labels call them: the server names them `input.text`, `input.url`, .... */
const INPUT_LABELS: Record<string, string> = {
  'input.text': 'Text',
  text: 'Text',
  body: 'File',
  'input.url': 'Database URL',
  'input.name': 'Name',
  'input.source': 'Source',
};

/** A path as a person reads it: an input by its label, a place inside the document as it is. */
export function humanPath(path: string): string {
  return INPUT_LABELS[path] ?? path.replace(/^input\.(document\.)?/, '');
}

/** Server messages beside the input they are about, each with where the server says it is. */
export function PathedErrors({ id, items }: { id?: string; items: readonly PathedMessage[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <div id={id} className="field-error pathed-errors" role="alert">
      {items.map((item, i) => (
        <p key={i}>
          {item.path && (
            <>
              <code className="error-path">{humanPath(item.path)}</code>{' '}
            </>
          )}
          {item.message}
        </p>
      ))}
    </div>
  );
}
