import { codeSpans } from '../../lib/format';

/** Catalog text with markdown's `backticks` shown as code, not as raw backticks. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {codeSpans(text).map((span, i) => (span.code ? <code key={i}>{span.text}</code> : span.text))}
    </>
  );
}
