import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { CopyButton } from '../copy-button';

interface SecretOnceDialogProps {
  keyName: string;
  secret: string;
  /** Called when the user is done; the caller then forgets the secret for good. */
  onClose(): void;
}

/**
 * Shows a new API key's secret, the only time it can be seen: the server
 * keeps just a hash. Modal, so it is not missed; Escape does not close it,
 * so it is not dismissed by accident before it is copied.
 */
export function SecretOnceDialog({ keyName, secret, onClose }: SecretOnceDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    secretRef.current?.focus();
    secretRef.current?.select();
    return () => returnTo?.focus?.();
  }, []);

  // Keeps Tab inside the dialog while it is open.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('input, button')].filter((el) => !el.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-warning`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>API key “{keyName}” created</h2>
        <p id={`${id}-warning`} className="warning">
          Copy the secret now and keep it somewhere safe. It is shown only this once: Seedbed stores just a hash of it, so it cannot be shown again. If it is lost, revoke
          the key and create a new one.
        </p>
        <label htmlFor={`${id}-secret`}>Secret</label>
        <input ref={secretRef} id={`${id}-secret`} className="secret" readOnly value={secret} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        <div className="button-row">
          <CopyButton text={secret} label="Copy secret" />
          <button type="button" onClick={onClose}>
            I have copied it
          </button>
        </div>
      </div>
    </div>
  );
}
