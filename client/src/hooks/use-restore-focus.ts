import { useLayoutEffect, useRef } from 'react';

/**
 * Reordering a list moves its DOM nodes, which can drop keyboard focus.
 * Call the returned function just before a move; after the next render the
 * element that had focus gets it back.
 */
export function useRestoreFocus(): () => void {
  const refocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = refocus.current;
    refocus.current = null;
    if (element && document.activeElement !== element && element.isConnected) element.focus();
  });
  return () => {
    refocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}
