import { useCallback } from 'react';
import { graphql } from '../__generated__';
import type { ImportPreviewQuery, ImportSource } from '../__generated__/graphql';
import { useImportBlueprintMutation, useImportPreviewLazyQuery } from '../__generated__/hooks';

graphql(`
  query ImportPreview($input: ImportPreviewInput!) {
    importPreview(input: $input) {
      document
      report {
        path
        table
        field
        generator
        confidence
        reason
        details
      }
      skipped {
        path
        kind
        name
        reason
      }
    }
  }
`);

graphql(`
  mutation ImportBlueprint($input: ImportBlueprintInput!) {
    importBlueprint(input: $input) {
      id
      name
      description
      revision
      updatedAt
    }
  }
`);

export type ImportResult = ImportPreviewQuery['importPreview'];
export type ImportDecision = ImportResult['report'][number];
export type ImportSkipped = ImportResult['skipped'][number];

/** What the user asked to import: the same for the review and for the blueprint made from it. */
export interface ImportRequest {
  projectId: string;
  source: ImportSource;
  /** Empty: the server derives a name from the source. */
  name: string;
  /** The schema or sample (every source but POSTGRES_URL). */
  text: string;
  /** POSTGRES_URL only. */
  url: string;
}

/** The API input for a request: `text` or `url` as the source takes, the name only when given. */
export function importInput(request: ImportRequest) {
  const name = request.name.trim() || undefined;
  return request.source === 'POSTGRES_URL'
    ? { projectId: request.projectId, source: request.source, name, url: request.url.trim() }
    : { projectId: request.projectId, source: request.source, name, text: request.text };
}

/**
 * Asks the server what an import would make, saving nothing. Never cached:
 * the same text may import differently once the server learns more, and a
 * live database changes under the same URL.
 */
export function useImportPreview() {
  const [run, state] = useImportPreviewLazyQuery({ fetchPolicy: 'no-cache' });
  const review = useCallback(
    async (request: ImportRequest): Promise<ImportResult> => {
      const result = await run({ variables: { input: importInput(request) } });
      if (result.error) throw result.error;
      if (!result.data) throw new Error('The server sent no answer.');
      return result.data.importPreview;
    },
    [run],
  );
  return [review, { loading: state.loading }] as const;
}

/** Creates the blueprint (revision 1) from the reviewed request. */
export function useImportBlueprint() {
  const [mutate, state] = useImportBlueprintMutation();
  const create = useCallback(
    async (request: ImportRequest) => {
      const { data } = await mutate({ variables: { input: importInput(request) } });
      if (!data) throw new Error('The server sent no answer.');
      return data.importBlueprint;
    },
    [mutate],
  );
  return [create, { loading: state.loading }] as const;
}
