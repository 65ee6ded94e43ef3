/** A GraphQL client for benchmarks: keeps the session cookie the server sets, throws on any error. */
export function benchClient(base: string) {
  let cookie = '';
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie;
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  return { gql, cookie: () => cookie };
}
