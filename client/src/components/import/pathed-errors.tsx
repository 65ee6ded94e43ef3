import type { PathedMessage } from './import-errors';

/** Server messages beside the input they are about, each with the path the server named. */
export function PathedErrors({ id, items }: { id?: string; items: readonly PathedMessage[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <div id={id} className="field-error pathed-errors" role="alert">
      {items.map((item, i) => (
        <p key={i}>
          {item.path && (
            <>
              <code className="error-path">{item.path}</code>{' '}
            </>
          )}
          {item.message}
        </p>
      ))}
    </div>
  );
}
