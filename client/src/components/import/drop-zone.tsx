import { useRef } from 'react';

interface DropZoneProps {
  /** Label of the file input, for assistive technology and tests. */
  label: string;
  accept?: string;
  /** The page shows a file is being dragged over it. */
  active: boolean;
  disabled?: boolean;
  describedBy?: string;
  onFile(file: File): void;
}

/**
 * Where a file comes in: dropped anywhere on the page (the page handles the
 * drop, see `useFileDrop`), or chosen with a real button, so the zone works
 * from the keyboard and with screen readers as well as with a mouse.
 */
export function DropZone({ label, accept, active, disabled, describedBy, onFile }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={active ? 'drop-zone active' : 'drop-zone'}>
      <p aria-hidden="true">{active ? 'Drop the file to read it.' : 'Drop a file anywhere on this page, or'}</p>
      <button type="button" className="secondary" disabled={disabled} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        Choose a file…
      </button>
      {/* The button above is the keyboard's way in; the input itself stays out of the tab order. */}
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again, after editing the text, reads it again.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
