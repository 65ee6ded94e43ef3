import { categories, searchGenerators } from '../engine';
import type { Resolvers, ValueType } from './__generated__/resolvers-types';

const valueType = (type: string) => type.toUpperCase() as ValueType;

export const generationResolvers: Resolvers = {
  Query: {
    generators: (_, { search, category }) => searchGenerators(search, category),
    generatorCategories: () => categories(),
    preview: (_, { input }, ctx) => ctx.services.generation.preview(ctx, input),
  },
  Generator: {
    outputType: (generator) => valueType(generator.outputType),
  },
  PreviewColumn: {
    type: (column) => valueType(column.type),
  },
};
