import type { ImportSkipped } from '../../hooks/use-import';

/** What the source holds that the blueprint leaves out (views, functions, triggers, ...), and why. */
export function SkippedList({ skipped }: { skipped: readonly ImportSkipped[] }) {
  return (
    <section className="skipped panel" aria-labelledby="skipped-heading">
      <h3 id="skipped-heading">Left out ({skipped.length})</h3>
      {skipped.length === 0 ? (
        <p className="empty">Nothing: every item of the source is in the blueprint.</p>
      ) : (
        <ul className="skipped-list">
          {skipped.map((item, i) => (
            <li key={i}>
              <span className="badge">{item.kind}</span> <strong className="skipped-name">{item.name}</strong>
              {item.path && (
                <>
                  {' '}
                  <code className="error-path">{item.path}</code>
                </>
              )}
              <p>{item.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
