import { useMemo } from 'react';
import { graphql } from '../__generated__';
import type { GeneratorCatalogQuery } from '../__generated__/graphql';
import { useGeneratorCatalogQuery } from '../__generated__/hooks';

graphql(`
  query GeneratorCatalog {
    generators {
      id
      category
      description
      optionsSchema
      outputType
      examples
    }
  }
`);

export type CatalogGenerator = GeneratorCatalogQuery['generators'][number];

/**
 * The whole generator catalog, fetched once per session (it is fixed per
 * server version): the options form needs the schema of every generator a
 * blueprint uses, and looking them up locally keeps the grid instant.
 */
export function useGeneratorCatalog() {
  const { data, loading, error, refetch } = useGeneratorCatalogQuery({ fetchPolicy: 'cache-first' });
  const byId = useMemo(() => new Map((data?.generators ?? []).map((g) => [g.id, g])), [data]);
  return { byId, loading, error, refetch };
}
