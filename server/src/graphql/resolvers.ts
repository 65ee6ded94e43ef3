import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { apiKeyResolvers } from './api-key.resolvers';
import { auditResolvers } from './audit.resolvers';
import { authResolvers } from './auth.resolvers';
import { blueprintResolvers } from './blueprint.resolvers';
import { generationResolvers } from './generation.resolvers';
import { importResolvers } from './import.resolvers';
import { localeResolvers } from './locale.resolvers';
import { projectResolvers } from './project.resolvers';
import { runResolvers } from './run.resolvers';
import { mockResolvers } from './mock.resolvers';
import { templateResolvers } from './template.resolvers';
import type { Resolvers } from './__generated__/resolvers-types';
import { unauthenticated } from '../errors';
import type { GraphQLContext } from './context';
import { sleep } from './subscription-wait';

const subscriptionResolvers: Resolvers = {
  Subscription: {
    heartbeat: {
      subscribe: async function* (_, { count, intervalMs }, ctx) {
        const times = Math.min(Math.max(count ?? 3, 1), 100);
        const wait = Math.min(Math.max(intervalMs ?? 1000, 10), 60_000);
        for (let i = 0; i < times && !ctx.signal?.aborted; i++) {
          if (i > 0) await sleep(wait, ctx.signal);
          if (ctx.signal?.aborted) return;
          yield { heartbeat: new Date() };
        }
      },
      // Each beat is answered only to a caller still signed in, as every subscription event is.
      resolve: ({ heartbeat }: { heartbeat: Date }, _: unknown, ctx: GraphQLContext) => {
        if (ctx.actor.kind === 'anonymous') throw unauthenticated();
        return heartbeat;
      },
    },
  },
};

/** Every module's resolvers merged into one map (modules never define the same field). */
export const resolvers: Resolvers[] = [
  { DateTime: DateTimeResolver, JSON: JSONResolver },
  authResolvers,
  projectResolvers,
  apiKeyResolvers,
  blueprintResolvers,
  generationResolvers,
  importResolvers,
  localeResolvers,
  runResolvers,
  mockResolvers,
  auditResolvers,
  templateResolvers,
  subscriptionResolvers,
];
