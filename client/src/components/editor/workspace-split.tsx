import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

/** The preview's share of the width beside the fields, and the bounds a drag keeps it in. */
const DEFAULT_SHARE = 0.45;
const MIN_SHARE = 0.25;
const MAX_SHARE = 0.75;
const STORAGE_KEY = 'seedbed:editor-layout';

interface Layout {
  /** The preview's share of the room beside the table list (from 1200 px wide). */
  share: number;
  /** The preview takes the whole width, under the fields. */
  wide: boolean;
}

function stored(): Layout {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Layout>;
    const share = typeof value.share === 'number' && value.share >= MIN_SHARE && value.share <= MAX_SHARE ? value.share : DEFAULT_SHARE;
    return { share, wide: value.wide === true };
  } catch {
    return { share: DEFAULT_SHARE, wide: false };
  }
}

const clampShare = (share: number) => Math.round(Math.min(MAX_SHARE, Math.max(MIN_SHARE, share)) * 100) / 100;

/**
 * How the editor shares its width between the fields and the preview: a
 * split the user drags (or moves with the arrow keys), or a wide preview
 * under the fields. Kept in this browser for the next blueprint.
 */
export function useWorkspaceSplit() {
  const [layout, setLayout] = useState<Layout>(stored);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(layout));
    } catch {
      // Private windows may refuse storage: the layout then lasts the visit.
    }
  }, [layout]);
  const setShare = useCallback((share: number) => setLayout((l) => ({ ...l, share: clampShare(share) })), []);
  const toggleWide = useCallback(() => setLayout((l) => ({ ...l, wide: !l.wide })), []);
  // Read by the stylesheet's wide-screen grid only (set through the CSSOM, which the page's CSP allows).
  const style = { '--fields-fr': `${1 - layout.share}fr`, '--preview-fr': `${layout.share}fr` } as CSSProperties;
  return { ...layout, setShare, toggleWide, style };
}

interface SplitterProps {
  share: number;
  onShare(share: number): void;
}

/** The bar between the fields and the preview: drag it, or focus it and use ←/→ (Home, End). */
export function WorkspaceSplitter({ share, onShare }: SplitterProps) {
  const ref = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  function shareAt(clientX: number): number | undefined {
    const bar = ref.current;
    const fields = bar?.previousElementSibling?.getBoundingClientRect();
    const preview = bar?.nextElementSibling?.getBoundingClientRect();
    if (!fields || !preview) return undefined;
    const left = fields.left;
    const right = preview.right;
    return (right - clientX) / (right - left);
  }

  const onPointerDown = (event: PointerEvent) => {
    dragging.current = true;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!dragging.current) return;
    const next = shareAt(event.clientX);
    if (next !== undefined) onShare(next);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = { ArrowLeft: share + 0.05, ArrowRight: share - 0.05, Home: MAX_SHARE, End: MIN_SHARE }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onShare(next);
  };

  return (
    <div
      ref={ref}
      className="workspace-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the preview"
      aria-valuemin={Math.round(MIN_SHARE * 100)}
      aria-valuemax={Math.round(MAX_SHARE * 100)}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={`Preview ${Math.round(share * 100)}% of the width`}
      tabIndex={0}
      title="Drag, or press ←/→, to share the width between the fields and the preview"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
