/** GraphQL over WebSocket with the real graphql-ws client: connections a test file opens, and the outcome of one operation. */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface ConnectOptions {
  /** Headers of the upgrade request, e.g. a session cookie. */
  headers?: Record<string, string>;
  connectionParams?: Record<string, unknown>;
  /** Connect on the first operation (the default) rather than at once. */
  lazy?: boolean;
}

/** The clients a test file connects; `disposeAll` (after each test) closes them. */
export class WsClients {
  private readonly open: Client[] = [];

  connect(url: string, options: ConnectOptions = {}): Client {
    const client = createClient({
      url,
      retryAttempts: 0,
      lazy: options.lazy ?? true,
      connectionParams: options.connectionParams,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: options.headers });
        }
      },
    });
    this.open.push(client);
    return client;
  }

  async disposeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((client) => client.dispose()));
  }
}

export interface Outcome {
  data?: any;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

/** The result of one operation: its data, or the errors it ended with (a `next` with errors, or an `error` message). */
export function run(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let last: Outcome = {};
    client.subscribe<any>(
      { query, variables },
      {
        next: (value) => (last = value as Outcome),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)),
        complete: () => resolve(last),
      },
    );
  });
}

/** The `extensions.code` of an outcome's first error. */
export const codeOf = (outcome: Outcome) => outcome.errors?.[0]?.extensions?.code;

/** An open subscription as a test sees it: every message so far, the next one, and its end. */
export interface Watch {
  messages: Outcome[];
  /** Resolves with the next message (one already received and not yet taken first). */
  next(): Promise<Outcome>;
  /** Settles when the server completes or errors the operation, or the socket closes. */
  ended: Promise<{ error?: unknown }>;
  stop(): void;
}

export function watch(client: Client, query: string, variables: Record<string, unknown> = {}): Watch {
  const messages: Outcome[] = [];
  let taken = 0;
  let over = false;
  let wake: (() => void) | undefined;
  let settle!: (end: { error?: unknown }) => void;
  const ended = new Promise<{ error?: unknown }>((resolve) => (settle = resolve));
  const finish = (end: { error?: unknown }) => {
    over = true;
    settle(end);
    wake?.();
  };
  const stop = client.subscribe<any>(
    { query, variables },
    {
      next: (value) => {
        messages.push(value as Outcome);
        wake?.();
      },
      error: (error) => {
        if (Array.isArray(error)) messages.push({ errors: error });
        finish({ error });
      },
      complete: () => finish({}),
    },
  );
  const next = async (): Promise<Outcome> => {
    while (taken >= messages.length) {
      if (over) throw new Error(`the subscription ended after ${messages.length} messages`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return messages[taken++];
  };
  return { messages, next, ended, stop };
}
