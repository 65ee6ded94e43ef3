/** A GraphQL-over-HTTP client for tests: a cookie jar like a browser's, or a bearer API key like a script's. */

export interface GraphQLErrorBody {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; path?: string; [key: string]: unknown };
}

export interface GraphQLResponse<T = any> {
  status: number;
  headers: Headers;
  data?: T;
  errors?: GraphQLErrorBody[];
}

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly bearer?: string,
  ) {}

  /** The same server, as a caller holding an API key. */
  withApiKey(secret: string): TestClient {
    return new TestClient(this.baseUrl, secret);
  }

  anonymous(): TestClient {
    return new TestClient(this.baseUrl);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.bearer) headers.set('authorization', `Bearer ${this.bearer}`);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader);
    const response = await fetch(this.baseUrl + path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  async gql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
    const response = await this.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    return { status: response.status, headers: response.headers, data: body.data ?? undefined, errors: body.errors };
  }

  /** The data of an operation that must succeed. */
  async ok<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.gql<T>(query, variables);
    if (result.errors?.length) throw new Error(`unexpected GraphQL errors: ${JSON.stringify(result.errors)}`);
    return result.data as T;
  }

  /** The error code (and path) of an operation that must fail. */
  async fails(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLErrorBody & { code: string }> {
    const result = await this.gql(query, variables);
    if (!result.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
    const [error] = result.errors;
    return { ...error, code: String(error.extensions?.code) };
  }
}
