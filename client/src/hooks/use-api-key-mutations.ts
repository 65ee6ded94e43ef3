import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { ProjectApiKeysDocument, type Role } from '../__generated__/graphql';
import { useCreateApiKeyMutation, useRevokeApiKeyMutation } from '../__generated__/hooks';

/** The settings page lists this many keys, newest first. */
export const API_KEYS_PAGE_SIZE = 100;

graphql(`
  query ProjectApiKeys($id: ID!, $first: Int!) {
    project(id: $id) {
      id
      apiKeys(first: $first) {
        totalCount
        pageInfo {
          hasNextPage
        }
        edges {
          node {
            ...ApiKeyRow_apiKey
          }
        }
      }
    }
  }
`);

graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        ...ApiKeyRow_apiKey
      }
    }
  }
`);

graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyRow_apiKey
    }
  }
`);

/**
 * Creates a key and puts it first in the cached list. The secret is returned
 * to the caller only: it is not part of the list's fields, so it never
 * reaches the cache.
 */
export function useCreateApiKey(projectId: string) {
  const [mutate, state] = useCreateApiKeyMutation({
    update(cache, { data }) {
      if (!data) return;
      const key = data.createApiKey.apiKey;
      cache.updateQuery({ query: ProjectApiKeysDocument, variables: { id: projectId, first: API_KEYS_PAGE_SIZE } }, (page) => {
        if (!page?.project) return undefined;
        const { apiKeys } = page.project;
        if (apiKeys.edges.some((e) => e.node.id === key.id)) return undefined;
        const edges = [{ __typename: 'ApiKeyEdge' as const, node: key }, ...apiKeys.edges].slice(0, API_KEYS_PAGE_SIZE);
        return { ...page, project: { ...page.project, apiKeys: { ...apiKeys, totalCount: apiKeys.totalCount + 1, edges } } };
      });
    },
  });
  const createApiKey = useCallback(
    async (name: string, role: Role, expiresAt: string | null) =>
      (await mutate({ variables: { input: { projectId, name, role, expiresAt } } })).data?.createApiKey,
    [mutate, projectId],
  );
  return [createApiKey, state] as const;
}

/** Revokes a key; the answer (status REVOKED) updates it in place by id. */
export function useRevokeApiKey() {
  const [mutate, state] = useRevokeApiKeyMutation();
  const revokeApiKey = useCallback(async (id: string) => (await mutate({ variables: { id } })).data?.revokeApiKey, [mutate]);
  return [revokeApiKey, state] as const;
}
