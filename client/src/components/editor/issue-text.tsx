import { formatNumbersInText } from '../../lib/format';

/** Messages about one control, on a line of their own below it, tied to it through `id` (aria-describedby) and announced when they appear. */
export function IssueText({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {messages.map((m) => formatNumbersInText(/[.!?]$/.test(m) ? m : `${m}.`)).join(' ')}
    </p>
  );
}

/** aria-describedby for a control with optional hint and error elements. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
