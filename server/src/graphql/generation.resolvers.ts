import { categories, searchGenerators } from '../engine';
import type { AnswerBytes } from '../modules/generation/generation.service';
import type { GraphQLContext } from './context';
import type { Resolvers, ValueType } from './__generated__/resolvers-types';

/** One bound of preview bytes per operation (its context), shared by every aliased preview in it. */
const answers = new WeakMap<GraphQLContext, AnswerBytes>();
function answerOf(ctx: GraphQLContext): AnswerBytes {
  let answer = answers.get(ctx);
  if (!answer) answers.set(ctx, (answer = { spent: 0 }));
  return answer;
}

const valueType = (type: string) => type.toUpperCase() as ValueType;

export const generationResolvers: Resolvers = {
  Query: {
    generators: (_, { search, category }) => searchGenerators(search, category),
    generatorCategories: () => categories(),
    preview: (_, { input }, ctx) => ctx.services.generation.preview(ctx, input, { signal: ctx.signal, answer: answerOf(ctx), delivered: ctx.delivered }),
  },
  Generator: {
    outputType: (generator) => valueType(generator.outputType),
  },
  PreviewColumn: {
    type: (column) => valueType(column.type),
  },
};
