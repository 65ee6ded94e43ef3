import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useUpdateBlueprintMutation } from '../__generated__/hooks';
import type { BlueprintDocument } from '../lib/blueprint-document';
import { documentIssuesOf, type LocatedIssue } from '../lib/document-issues';
import { REVISIONS_PAGE_SIZE } from './blueprint-editor-data';

graphql(`
  mutation UpdateBlueprint($input: UpdateBlueprintInput!, $firstRevisions: Int!) {
    updateBlueprint(input: $input) {
      ...BlueprintEditor_blueprint
    }
  }
`);

export type SaveOutcome =
  | { kind: 'saved'; revision: number }
  /** Someone saved `currentRevision` after the draft's base: nothing was written. */
  | { kind: 'conflict'; currentRevision: number; message: string }
  | { kind: 'invalid'; issues: LocatedIssue[] }
  | { kind: 'failed'; error: unknown };

/** What a failed save means for the editor. */
export function saveFailureOf(error: unknown): SaveOutcome {
  if (CombinedGraphQLErrors.is(error)) {
    const conflict = error.errors.find((e) => e.extensions?.code === 'CONFLICT');
    if (conflict) {
      const current = Number(conflict.extensions?.currentRevision);
      if (Number.isInteger(current)) return { kind: 'conflict', currentRevision: current, message: conflict.message };
    }
  }
  const issues = documentIssuesOf(error);
  if (issues) return { kind: 'invalid', issues };
  return { kind: 'failed', error };
}

/**
 * Saves a draft as a new revision. The answer carries the editor's fields
 * (revision, document, history), so the cache — and the history list —
 * update without another request.
 */
export function useSaveBlueprint() {
  const [mutate, { loading }] = useUpdateBlueprintMutation();
  const save = useCallback(
    async (id: string, baseRevision: number, document: BlueprintDocument): Promise<SaveOutcome> => {
      try {
        const { data } = await mutate({ variables: { input: { id, baseRevision, document }, firstRevisions: REVISIONS_PAGE_SIZE } });
        if (!data) return { kind: 'failed', error: new Error('The server sent no answer.') };
        return { kind: 'saved', revision: data.updateBlueprint.revision };
      } catch (error) {
        return saveFailureOf(error);
      }
    },
    [mutate],
  );
  return [save, { saving: loading }] as const;
}
