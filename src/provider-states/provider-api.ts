/**
 * The provider as the state catalogue reaches it: the service's public API with a client's credentials, and,
 * on a mock, its admin API through the one typed admin client (admin-http/admin-transport.ts). A state that needs
 * the admin API cannot be made on a real service.
 */
import { AdminError } from '../admin-http/admin-error.ts';
import { adminTransport, type AdminSend } from '../admin-http/admin-transport.ts';

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
}

export interface ProviderApi {
  readonly credentials: ProviderCredentials;
  /** Whether the admin API answers: the provider is a commerce-mock. */
  readonly hasAdmin: boolean;
  /** A call to the public API (`/v1/...`); throws when the status is not the one expected. */
  call(method: string, path: string, options?: { token?: string; body?: unknown; expect?: number[] }): Promise<ApiAnswer>;
  /** Waits for the provider's rate window to turn when fewer than `calls` are left in it. */
  pace(calls: number): Promise<void>;
  /** A typed call of the admin API by operationId; a refusal, or a provider without one, throws a StateSetupError. */
  admin: AdminSend;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export class StateSetupError extends Error {}

/** The provider does not answer at all: nothing can be verified. */
export class ProviderUnreachable extends Error {}

export interface ProviderTarget {
  baseUrl: string;
  credentials: ProviderCredentials;
  /** `auto` asks the provider whether it has the admin API; `real` never uses it. */
  mode: 'auto' | 'mock' | 'real';
  /** The admin token a mock on a non-loopback host asks for. */
  adminToken?: string | undefined;
}

/** One request of the states to the provider: `path` under its root (`/v1/...`, `/__admin/...`). */
export interface ProviderRequest {
  method: string;
  path: string;
  token?: string | undefined;
  body?: unknown;
}

/**
 * How the states' requests reach the provider: over HTTP (`verify` and `trigger` against a running mock or the
 * real service), or in process (the mock's own provider-state endpoint, server/mock-provider-states.ts).
 */
export type ProviderTransport = (request: ProviderRequest) => Promise<ApiAnswer>;

/** The provider over HTTP at `baseUrl`, once it answers; whether it has the admin API as `target.mode` says. */
export async function connectProvider(target: ProviderTarget): Promise<ProviderApi> {
  const root = target.baseUrl.replace(/\/+$/, '');
  await fetch(root, { method: 'HEAD' }).catch((error: unknown) => {
    throw new ProviderUnreachable(`cannot reach ${root}: ${String((error as Error).cause ?? error)}`);
  });
  const hasAdmin = target.mode === 'mock' || (target.mode === 'auto' && (await answersAdmin(root, target.adminToken)));
  return providerApi(httpTransport(root), { credentials: target.credentials, hasAdmin, adminToken: target.adminToken });
}

export function httpTransport(root: string): ProviderTransport {
  return async ({ method, path, token, body }) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${root}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: parseObject(text), headers: response.headers };
  };
}

/** The provider as the states reach it through `send`, whichever transport that is. */
export function providerApi(
  send: ProviderTransport,
  options: { credentials: ProviderCredentials; hasAdmin: boolean; adminToken?: string | undefined },
): ProviderApi {
  const { credentials, hasAdmin, adminToken } = options;
  // What the provider's rate window said last: a real service is paced by it, a mock is reset instead.
  let window = { remaining: Infinity, resetSeconds: 0 };
  const paced = async (request: ProviderRequest, expected: number[]): Promise<ApiAnswer> => {
    let answer = await send(request);
    // A refusal the caller did not ask for is waited out once (a caller exhausting the window expects it).
    if (answer.status === 429 && !expected.includes(429)) {
      await sleep(secondsHeader(answer.headers, 'retry-after', 1));
      answer = await send(request);
    }
    const remaining = Number(answer.headers.get('ratelimit-remaining'));
    if (Number.isFinite(remaining)) window = { remaining, resetSeconds: secondsHeader(answer.headers, 'ratelimit-reset', 1) };
    return answer;
  };
  return {
    credentials,
    hasAdmin,
    async pace(calls) {
      if (window.remaining < calls) await sleep(window.resetSeconds);
      window = { remaining: Infinity, resetSeconds: 0 };
    },
    async call(method, path, options = {}) {
      const expected = options.expect ?? [200, 201];
      const answer = await paced({ method, path, token: options.token, body: options.body }, expected);
      if (!expected.includes(answer.status)) {
        throw new StateSetupError(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      return answer;
    },
    admin: adminThrough(send, hasAdmin, adminToken),
  };
}

/** The typed admin client over `send`: the path it builds is the provider's, whichever transport `send` is. */
function adminThrough(send: ProviderTransport, hasAdmin: boolean, adminToken: string | undefined): AdminSend {
  const typed = adminTransport('http://provider', { adminToken, fetch: fetchThrough(send) });
  return (async (operationId, ...request) => {
    if (!hasAdmin) throw new StateSetupError(`the provider has no admin API (${operationId})`);
    try {
      return await typed(operationId, ...request);
    } catch (error) {
      if (!(error instanceof AdminError)) throw error;
      throw new StateSetupError(`${error.request} answered ${error.status}: ${JSON.stringify(error.body).slice(0, 300)}`);
    }
  }) as AdminSend;
}

/** `fetch` as the admin client calls it, answered by `send`: the bearer token and JSON body carried over. */
export function fetchThrough(send: ProviderTransport): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const authorization = new Headers(init?.headers).get('authorization');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await send({ method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, token: authorization?.replace(/^Bearer /, ''), body });
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  };
}

async function answersAdmin(root: string, adminToken: string | undefined): Promise<boolean> {
  try {
    return typeof (await adminTransport(root, { adminToken })('getClock')).data.now === 'string';
  } catch {
    return false;
  }
}

/** A header in seconds (at most a minute), or the fallback. */
function secondsHeader(headers: Headers, name: string, fallback: number): number {
  const seconds = Number(headers.get(name));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) : fallback;
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `body.data.<field>` as a string, or a setup error naming what was missing. */
export function dataField(answer: ApiAnswer, field: string): string {
  const value = (answer.body['data'] as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'string') throw new StateSetupError(`the answer has no data.${field}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return value;
}
