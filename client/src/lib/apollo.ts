import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { MeDocument } from '../__generated__/graphql';

/** The WebSocket URL on the page's own origin, so the session cookie goes with it. */
function webSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/graphql`;
}

// Lazy: the socket opens with the first subscription and closes when the last one ends.
const wsClient = createClient({ url: webSocketUrl(), lazy: true, retryAttempts: 5 });

// The session cookie is httpOnly and SameSite=Lax; `same-origin` sends it on
// every request. Apollo Client posts `Content-Type: application/json`, which
// satisfies the server's CSRF prevention.
const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin' });

const cache = new InMemoryCache();

/**
 * A session can end while a page is open (expired, logged out in another
 * tab). The server then answers UNAUTHENTICATED; recording `me: null` makes
 * RequireSession send the user to /login instead of showing a broken page.
 * A failed logIn is also UNAUTHENTICATED but says nothing about a session.
 */
const sessionEnded = new ErrorLink(({ error, operation }) => {
  if (operation.operationName === 'LogIn' || !CombinedGraphQLErrors.is(error)) return;
  if (error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
    cache.writeQuery({ query: MeDocument, data: { me: null } });
  }
});

const link = ApolloLink.from([
  sessionEnded,
  ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(wsClient),
    httpLink,
  ),
]);

export const apolloClient = new ApolloClient({ link, cache });

/**
 * Called when the signed-in user changes. A WebSocket authenticates once, at
 * connect time, so an open socket would keep acting as the previous user;
 * dropping it makes the next subscription reconnect with the new cookie.
 */
export function resetSubscriptionTransport(): void {
  wsClient.terminate();
}
