import { describeError } from '../lib/errors';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}…
    </p>
  );
}

/** An operation that failed as a whole, with a way to try again. */
export function ErrorMessage({ error, retry }: { error: unknown; retry?: () => unknown }) {
  return (
    <div role="alert" className="error-box">
      <p>{describeError(error)}</p>
      {retry && (
        <button type="button" onClick={() => void retry()}>
          Try again
        </button>
      )}
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{dateFormat.format(new Date(value))}</time>;
}
