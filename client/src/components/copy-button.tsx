import { useEffect, useState } from 'react';

/**
 * Copies text with the Clipboard API. Where that is missing or refused (a
 * page served over plain http from another host, an older browser), falls
 * back to selecting the text in an off-screen textarea and `execCommand`.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure context): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

interface CopyButtonProps {
  text: string;
  /** The button's accessible name, such as "Copy secret". */
  label: string;
}

/** A Copy button that says, for sighted and screen-reader users alike, whether it worked. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), 2500);
    return () => clearTimeout(timer);
  }, [result]);

  return (
    <span className="copy-button">
      <button type="button" className="secondary small" onClick={() => void copyText(text).then((ok) => setResult(ok ? 'copied' : 'failed'))}>
        {label}
      </button>
      <span role="status" aria-live="polite" className="copy-status">
        {result === 'copied' ? 'Copied.' : result === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </span>
    </span>
  );
}
