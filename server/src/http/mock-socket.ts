/**
 * The mock API over graphql-ws, at the same path as over HTTP
 * (`/mock/:project/:blueprint/graphql?revision=&seed=`): an endpoint of the
 * server's WebSocket adapter, so the message size and token limits,
 * authentication per operation, the rate limit and the session budget are
 * the main endpoint's, and the depth, alias and cost limits the mock's own,
 * as over HTTP (PRODUCT.md §9, §15). Who may read or write which mock is
 * the HTTP route's rule: MockService decides both. Subscriptions of an SDL
 * are live queries, answered again after each write to the mock.
 */
import type { DataSource } from 'typeorm';
import { createLoaders } from '../loaders';
import { mockContext } from '../modules/mock/mock-schema';
import type { Services } from '../services';
import { mockVersion } from './mock-route';
import type { SocketEndpoint } from './websocket';

const MOCK_SOCKET_PATH = /^\/mock\/([^/?]+)\/([^/?]+)\/graphql$/;

export function mockSocketEndpoint(services: Services, db: DataSource): SocketEndpoint {
  const target = (url: string | undefined) => {
    const parsed = new URL(url ?? '/', 'http://mock.invalid');
    const [, project, blueprint] = MOCK_SOCKET_PATH.exec(parsed.pathname) ?? [];
    return { project: decoded(project), blueprint: decoded(blueprint), params: parsed.searchParams };
  };
  return {
    matches: (pathname) => MOCK_SOCKET_PATH.test(pathname),
    extraOrigins: (request) => services.mocks.originsOf(target(request.url).project),
    prepare: async (actor, connection) => {
      const { project, blueprint, params } = target(connection.request.url);
      const version = mockVersion((name) => params.get(name) ?? undefined);
      const { mock, store, authorizeWrite, events } = await services.mocks.open({ actor, loaders: createLoaders(db) }, { project, blueprint, ...version });
      // Every mock operation reads rows whose number the caller picks: one expensive operation each, as on HTTP.
      return { schema: mock.schema, validationRules: mock.rules, contextValue: await mockContext(mock, store, authorizeWrite, events), expensive: 1 };
    },
  };
}

/** A path segment as Express decodes it; one that does not decode names nothing (NOT_FOUND, as over HTTP). */
function decoded(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return '';
  }
}
