import { useEffect } from 'react';

/** Names the browser tab (and what a screen reader announces on navigation). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Seedbed` : 'Seedbed';
  }, [title]);
}
