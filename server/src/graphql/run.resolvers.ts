import type { OutputFormat, Resolvers, SqlDialect } from './__generated__/resolvers-types';
import type { GraphQLContext } from './context';
import { notFound } from '@seedbed/engine/errors';
import { requireRole } from '../modules/project/access';
import { TERMINAL } from '../modules/run/run-states';
import type { RunEntity } from '../modules/run/run.entity';
import { untilChangedOrAborted } from './subscription-wait';

const upper = <T extends string>(value: string) => value.toUpperCase() as T;

/**
 * The run's states as they happen. Only the source: each event is then
 * authorised again with the caller's access of that moment (the resolver
 * below, and every nested field, run in a fresh context per event).
 */
async function* runUpdates(id: string, ctx: GraphQLContext): AsyncGenerator<{ runProgress: RunEntity }> {
  let run = await ctx.services.runs.get(ctx, id, 'VIEWER');
  const changes = ctx.services.runEvents;
  const wait = untilChangedOrAborted((onChange) => changes.subscribe(id, onChange), ctx.signal);
  try {
    yield { runProgress: run };
    while (!TERMINAL.includes(run.status) && !ctx.signal?.aborted) {
      // A notice wakes us at once; the timeout is a backstop should LISTEN drop.
      await wait.next(2000);
      if (ctx.signal?.aborted) return;
      ctx.loaders.runRowsDone.clear(id);
      run = await ctx.services.runs.get(ctx, id, 'VIEWER');
      yield { runProgress: run };
    }
  } finally {
    wait.stop();
  }
}

export const runResolvers: Resolvers = {
  Query: {
    run: (_, { id }, ctx) => ctx.services.runs.find(ctx, id),
  },
  Mutation: {
    startRun: (_, { input }, ctx) => ctx.services.runs.start(ctx, input),
    cancelRun: (_, { id }, ctx) => ctx.services.runs.cancel(ctx, id),
  },
  Subscription: {
    runProgress: {
      subscribe: (_, { id }, ctx) => runUpdates(id, ctx),
      // As `run(id)` would: this event's context holds the caller's actor and roles of now, not of when they subscribed.
      resolve: async ({ runProgress: run }: { runProgress: RunEntity }, { id }: { id: string }, ctx: GraphQLContext) => {
        await requireRole(ctx, run.projectId, 'VIEWER', () => notFound('Run', id));
        return run;
      },
    },
  },
  Project: {
    runs: (project, page, ctx) => ctx.services.runs.listForProject(ctx, project.id, page),
  },
  Run: {
    project: async (run, _, ctx) => (await ctx.loaders.project.load(run.projectId))!,
    blueprint: (run, _, ctx) => (run.blueprintId ? ctx.loaders.blueprint.load(run.blueprintId) : null),
    rowsDone: async (run, _, ctx) => (run.status === 'SUCCEEDED' || run.status === 'EXPIRED' ? run.rowsTotal : ctx.loaders.runRowsDone.load(run.id)),
    queuePosition: (run, _, ctx) => (run.status === 'QUEUED' ? ctx.loaders.runQueuePosition.load(run.id) : null),
    requestedBy: (run, _, ctx) => (run.requestedById ? ctx.loaders.user.load(run.requestedById) : null),
    target: (run) =>
      run.target.kind === 'FILES'
        ? { kind: 'FILES', formats: run.target.formats.map((f) => upper<OutputFormat>(f)), dialect: upper<SqlDialect>(run.target.dialect), gzip: run.target.gzip }
        : { kind: 'DATABASE', dialect: upper<SqlDialect>(run.target.dialect ?? 'postgres'), host: run.target.host, database: run.target.database, truncate: run.target.truncate },
    artifacts: (run, _, ctx) => (run.status === 'SUCCEEDED' ? ctx.loaders.artifacts.load(run.id) : []),
  },
  Artifact: {
    table: (artifact) => artifact.tableName,
    format: (artifact) => upper<OutputFormat>(artifact.format),
    url: (artifact) => `/api/v1/runs/${artifact.runId}/files/${encodeURIComponent(artifact.name)}`,
  },
};
