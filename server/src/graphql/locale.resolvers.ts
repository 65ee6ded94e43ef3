import { SUPPORTED_LOCALES } from '@seedbed/engine';
import type { Resolvers } from './__generated__/resolvers-types';

export const localeResolvers: Resolvers = {
  Query: {
    locales: () => [...SUPPORTED_LOCALES],
  },
};
