/** @jest-environment jsdom */
import { ApolloClient, ApolloLink, InMemoryCache, type FetchResult } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Observable, type Subscriber } from 'rxjs';
import { PREVIEW_DELAY_MS, useLivePreview } from '../../src/hooks/use-live-preview';
import { starterDocument, type BlueprintDocument } from '../../src/lib/blueprint-document';

/** A link that holds every request until the test answers it. */
function heldLink() {
  const pending: { variables: Record<string, any>; answer(result: FetchResult): void }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((subscriber: Subscriber<FetchResult>) => {
        pending.push({
          variables: operation.variables,
          answer(result) {
            subscriber.next(result);
            subscriber.complete();
          },
        });
      }),
  );
  return { link, pending };
}

const previewOf = (name: string) => ({
  data: {
    preview: {
      __typename: 'Preview',
      table: 'users',
      totalRows: 1,
      offset: 0,
      columns: [{ __typename: 'PreviewColumn', name: 'id', type: 'INTEGER', nullable: false, unique: true }],
      rows: [[name]],
    },
  },
});

describe('useLivePreview', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const { link, pending } = heldLink();
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
    const hook = renderHook(({ doc }: { doc: BlueprintDocument }) => useLivePreview(doc, 'users', 'k1'), {
      wrapper,
      initialProps: { doc: starterDocument('a') },
    });
    return { ...hook, pending };
  }

  const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

  it('previews the opened draft at once, then waits for a pause in editing and previews the latest draft once', async () => {
    const { rerender, pending } = setup();
    await wait(0);
    expect(pending).toHaveLength(1);
    expect(pending[0].variables.input).toMatchObject({ document: { name: 'a' } });
    rerender({ doc: starterDocument('b') });
    await wait(PREVIEW_DELAY_MS - 50);
    rerender({ doc: starterDocument('c') });
    expect(pending).toHaveLength(1);
    await wait(PREVIEW_DELAY_MS);
    expect(pending).toHaveLength(2);
    expect(pending[1].variables.input).toMatchObject({ table: 'users', limit: 20, document: { name: 'c' } });
  });

  it('ignores an answer to an older request that arrives after the newer one', async () => {
    const { result, rerender, pending } = setup();
    await wait(PREVIEW_DELAY_MS);
    rerender({ doc: starterDocument('newer') });
    await wait(PREVIEW_DELAY_MS);
    expect(pending).toHaveLength(2);
    await act(async () => pending[1].answer(previewOf('newer')));
    await act(async () => pending[0].answer(previewOf('older')));
    expect(result.current.preview?.rows).toEqual([['newer']]);
    expect(result.current.loading).toBe(false);
  });

  it('reports validation issues, keeping the last rows', async () => {
    const { result, rerender, pending } = setup();
    await wait(PREVIEW_DELAY_MS);
    await act(async () => pending[0].answer(previewOf('good')));
    rerender({ doc: { ...starterDocument('bad') } });
    await wait(PREVIEW_DELAY_MS);
    expect(result.current.loading).toBe(true);
    expect(result.current.preview?.rows).toEqual([['good']]);
    await act(async () =>
      pending[1].answer({
        errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', issues: [{ path: 'tables[0].fields[1].name', message: 'must be an SQL identifier' }] } }],
      } as FetchResult),
    );
    expect(result.current.issues).toMatchObject([{ table: 0, field: 1, key: 'name', message: 'must be an SQL identifier' }]);
    expect(result.current.preview?.rows).toEqual([['good']]);
  });
});
