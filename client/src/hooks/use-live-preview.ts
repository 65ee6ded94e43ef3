import { useEffect, useRef, useState } from 'react';
import { graphql } from '../__generated__';
import type { PreviewQuery } from '../__generated__/graphql';
import { usePreviewLazyQuery } from '../__generated__/hooks';
import type { BlueprintDocument } from '../lib/blueprint-document';
import { documentIssuesOf, type LocatedIssue } from '../lib/document-issues';

graphql(`
  query Preview($input: PreviewInput!) {
    preview(input: $input) {
      table
      totalRows
      offset
      columns {
        name
        type
        nullable
        unique
      }
      rows
    }
  }
`);

export type PreviewData = PreviewQuery['preview'];

/** How long the user must pause before the draft is previewed (PRODUCT.md §2: rows refresh as they edit). */
export const PREVIEW_DELAY_MS = 150;
export const PREVIEW_ROWS = 20;

export interface LivePreview {
  /** The last rows received, kept while newer ones load; with the key of the table they belong to. */
  preview?: PreviewData;
  previewKey?: string;
  loading: boolean;
  /** Where the server says the draft is invalid (empty when it is valid). */
  issues: LocatedIssue[];
  /** A failure that is not about the document (network, server). */
  error?: unknown;
}

/**
 * Hands out a number per request and says whether a number is still the
 * latest: answers to older requests arrive late and must not overwrite the
 * newer state.
 */
export function latestOnly() {
  let latest = 0;
  return { next: () => ++latest, isLatest: (n: number) => n === latest };
}

/**
 * Previews the unsaved draft: once the user pauses, sends the whole document
 * with the selected table, and reports the rows or the validation issues.
 * `tableKey` identifies the table across renames, so its old rows stay on
 * screen while a renamed version loads.
 */
export function useLivePreview(
  document: BlueprintDocument,
  table: string | undefined,
  tableKey: string | undefined,
  enabled = true,
  /** Which rows (`offset`) and which seed (default: the document's); a new window or seed is a new request. */
  window: { offset?: number; seed?: number } = {},
): LivePreview {
  const { offset = 0, seed } = window;
  const [run] = usePreviewLazyQuery({ fetchPolicy: 'no-cache' });
  const [state, setState] = useState<LivePreview>({ loading: enabled, issues: [] });
  const gate = useRef(latestOnly()).current;
  // The first preview goes at once: the pause is for edits, and nobody has typed yet when the editor opens.
  const first = useRef(true);

  useEffect(() => {
    if (!enabled || table === undefined) return;
    const request = gate.next();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const delay = first.current ? 0 : PREVIEW_DELAY_MS;
    first.current = false;
    const timer = setTimeout(() => {
      const settle = (next: (s: LivePreview) => LivePreview) => {
        if (gate.isLatest(request)) setState(next);
      };
      run({ variables: { input: { document, table, limit: PREVIEW_ROWS, offset, seed } } })
        .then((result) => {
          if (result.error) throw result.error;
          const preview = result.data?.preview;
          settle((s) => ({ preview: preview ?? s.preview, previewKey: preview ? tableKey : s.previewKey, loading: false, issues: [] }));
        })
        .catch((error: unknown) => {
          const issues = documentIssuesOf(error);
          settle((s) => ({ ...s, loading: false, issues: issues ?? [], error: issues ? undefined : error }));
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [document, table, tableKey, enabled, offset, seed, run, gate]);

  return state;
}
