import { listTemplates } from '../modules/template/templates';
import type { Resolvers } from './__generated__/resolvers-types';

export const templateResolvers: Resolvers = {
  Query: {
    templates: (_, { id }) => listTemplates(id).map((t) => ({ ...t, tables: t.document.tables.map((table) => table.name) })),
  },
};
