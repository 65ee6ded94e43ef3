import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The safe choice: it has the focus, and Escape takes it. */
  keepLabel: string;
  confirmLabel: string;
  onKeep(): void;
  onConfirm(): void;
}

/**
 * A question before something that loses or breaks work (leaving with
 * unsaved edits, deleting what others point at, discarding a draft), as a
 * modal alert dialog whose default is to keep everything. When it closes by
 * Keep, the focus goes back where it was.
 */
export function ConfirmDialog({ title, children, keepLabel, confirmLabel, onKeep, onConfirm }: ConfirmDialogProps) {
  const id = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(document.activeElement);
  useEffect(() => {
    keepRef.current?.focus();
    const back = returnTo.current;
    return () => {
      if (document.activeElement === document.body && back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-text`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onKeep();
        }}
      >
        <h2 id={`${id}-heading`}>{title}</h2>
        <div id={`${id}-text`}>{children}</div>
        <div className="button-row">
          <button ref={keepRef} type="button" onClick={onKeep}>
            {keepLabel}
          </button>
          <button type="button" className="secondary danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
