import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';
import { useCallback, useState } from 'react';
import { graphql } from '../__generated__';
import type { ImportPreviewQuery, ImportSource } from '../__generated__/graphql';
import { useImportBlueprintMutation, useImportPreviewLazyQuery } from '../__generated__/hooks';
import { useCreateBlueprintFromDocument } from './use-create-blueprint';

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
        samples
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

/** Where a sample too large for one GraphQL request goes, as the raw body the server reads as it arrives. */
export const SAMPLE_UPLOAD_PATH = '/api/v1/imports/preview';

/**
 * Above this many bytes of JSON-encoded text a sample skips GraphQL (whose
 * body limit is 1 MB by default, PRODUCT.md §9) and is uploaded; a smaller
 * one that a lower limit refuses takes the upload too.
 */
export const SAMPLE_INLINE_BYTES = 900_000;

function isSample(source: ImportSource): boolean {
  return source === 'JSON_SAMPLE' || source === 'CSV_SAMPLE';
}

function tooLarge(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 413;
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'PAYLOAD_TOO_LARGE');
}

/** The upload route answers what `importPreview` answers, or `{ errors }` in the GraphQL shape. */
export async function uploadSample(request: ImportRequest): Promise<ImportResult> {
  const params = new URLSearchParams({ source: request.source });
  if (request.name.trim()) params.set('name', request.name.trim());
  const response = await fetch(`${SAMPLE_UPLOAD_PATH}?${params}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/octet-stream' },
    body: request.text,
  });
  const body = (await response.json().catch(() => null)) as (ImportResult & { errors?: GraphQLFormattedError[] }) | null;
  if (body?.errors) throw new CombinedGraphQLErrors({ errors: body.errors });
  if (!response.ok || !body) throw new Error(`The server refused the sample (HTTP ${response.status}).`);
  return body;
}

export interface Review {
  result: ImportResult;
  /** The sample went through the upload route: Create saves the reviewed document, as the text is too large to send again. */
  uploaded: boolean;
}

/**
 * Asks the server what an import would make, saving nothing. Never cached:
 * the same text may import differently once the server learns more, and a
 * live database changes under the same URL.
 */
export function useImportPreview() {
  const [run] = useImportPreviewLazyQuery({ fetchPolicy: 'no-cache' });
  const [loading, setLoading] = useState(false);
  const review = useCallback(
    async (request: ImportRequest): Promise<Review> => {
      setLoading(true);
      try {
        const sample = isSample(request.source);
        if (sample && new Blob([JSON.stringify(request.text)]).size > SAMPLE_INLINE_BYTES) return { result: await uploadSample(request), uploaded: true };
        const result = await run({ variables: { input: importInput(request) } });
        if (result.error && sample && tooLarge(result.error)) return { result: await uploadSample(request), uploaded: true };
        if (result.error) throw result.error;
        if (!result.data) throw new Error('The server sent no answer.');
        return { result: result.data.importPreview, uploaded: false };
      } finally {
        setLoading(false);
      }
    },
    [run],
  );
  return [review, { loading }] as const;
}

/**
 * Creates the blueprint (revision 1) from what was reviewed: the same import
 * again, or, for an uploaded sample, the reviewed document itself.
 */
export function useImportBlueprint() {
  const [mutate, importState] = useImportBlueprintMutation();
  const [createDocument, createState] = useCreateBlueprintFromDocument();
  const create = useCallback(
    async (request: ImportRequest, review: Review) => {
      if (review.uploaded) {
        const name = request.name.trim();
        const document = name ? { ...(review.result.document as object), name } : review.result.document;
        const blueprint = await createDocument(request.projectId, document);
        if (!blueprint) throw new Error('The server sent no answer.');
        return blueprint;
      }
      const { data } = await mutate({ variables: { input: importInput(request) } });
      if (!data) throw new Error('The server sent no answer.');
      return data.importBlueprint;
    },
    [mutate, createDocument],
  );
  return [create, { loading: importState.loading || createState.loading }] as const;
}
