/**
 * One typed call of the admin API over `fetch`: operationId + path parameters, query and body as
 * spec/admin.yaml types them → the JSON of the success answer. A non-2xx answer throws an AdminError.
 */
import type { operations } from '../generated/admin-types.gen.ts';
import { DOT_SEGMENT_PROBLEM, idProblem, isDotSegment } from '../domain/ids.ts';
import { failure } from '../errors/failures.ts';
import { renderReply } from '../http/send-reply.ts';
import { AdminError } from './admin-error.ts';
import { ADMIN_ROUTES, type AdminOperationId } from './admin-routes.ts';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** The JSON body of an operation's success answer (200, 201 for a creation, 202 for a start). */
export type SuccessOf<K extends AdminOperationId> = operations[K] extends { responses: infer R }
  ? 200 extends keyof R
    ? Json<R[200]>
    : 201 extends keyof R
      ? Json<R[201]>
      : 202 extends keyof R
        ? Json<R[202]>
        : never
  : never;

type Parameters<K extends AdminOperationId> = operations[K]['parameters'];
type Part<Name extends string, T> = [NonNullable<T>] extends [never] ? unknown : { [P in Name]: NonNullable<T> };
type OptionalPart<Name extends string, T> = [NonNullable<T>] extends [never] ? unknown : { [P in Name]?: NonNullable<T> };
type BodyPart<K extends AdminOperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : OptionalPart<'body', Json<operations[K]['requestBody']>>;

/** What a call sends: `path` parameters, `query` and `body`, each where the operation takes one. */
export type RequestOf<K extends AdminOperationId> = Part<'path', Parameters<K>['path']> &
  OptionalPart<'query', Parameters<K>['query']> &
  BodyPart<K>;

interface AnyRequest {
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

export type AdminSend = <K extends AdminOperationId>(
  operationId: K,
  ...request: object extends RequestOf<K> ? [request?: RequestOf<K>] : [request: RequestOf<K>]
) => Promise<SuccessOf<K>>;

export interface TransportOptions {
  /** The mock's `--admin-token`: needed when it listens on a non-loopback host. */
  adminToken?: string | undefined;
  /** A `fetch` of your own (a proxy, a recorder); the global one by default. */
  fetch?: typeof fetch;
}

/** `base` is the mock's origin (`http://127.0.0.1:4010`); its admin API is at `${base}/__admin`. */
export function adminTransport(base: string, options: TransportOptions = {}): AdminSend {
  const adminUrl = `${base.replace(/\/+$/, '').replace(/\/__admin$/, '')}/__admin`;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = options.adminToken ? { Authorization: `Bearer ${options.adminToken}` } : {};
  return async (operationId, ...[request]) => {
    const { path, query, body } = (request ?? {}) as AnyRequest;
    const [method = 'GET', template = '/'] = ADMIN_ROUTES[operationId].split(' ');
    const refused = pathIdRefusal(path ?? {}, `${method} /__admin${template}`);
    if (refused) throw refused;
    const where = template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(path?.[name] ?? ''));
    const search = new URLSearchParams(
      Object.entries(query ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])),
    ).toString();
    const response = await doFetch(`${adminUrl}${where}${search ? `?${search}` : ''}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) throw adminError(response, parsed, `${method} /__admin${where}`);
    return parsed as never;
  };
}

/**
 * An id in a path is an id (domain/ids.ts), checked before it is encoded: `..` survives `encodeURIComponent`, and
 * `/__admin/clients/../clock/advance` is the global clock's route. Any other parameter (a phone, which has
 * spellings with spaces; a snapshot's name) is at least no dot segment. Refused as the admin API refuses a bad
 * parameter (400 `invalid_request`, `details` naming it), without a request.
 */
function pathIdRefusal(path: Record<string, string>, request: string): AdminError | undefined {
  for (const [name, value] of Object.entries(path)) {
    const problem = name.endsWith('_id') ? idProblem(value) : isDotSegment(value) ? DOT_SEGMENT_PROBLEM : undefined;
    if (problem === undefined) continue;
    // The body the admin API would answer, less the request id of a request never made.
    const { status, body } = renderReply({ requestId: '' }, failure('path_id_refused', { name, problem }));
    const { requestId: _none, ...answer } = body as { error: string; message: string; requestId: string };
    return new AdminError(status, answer.error, answer.message, undefined, answer, request);
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

function adminError(response: Response, body: unknown, request: string): AdminError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  const detail = text('message') ?? (response.statusText || `HTTP ${response.status}`);
  return new AdminError(response.status, text('error'), detail, text('requestId') ?? response.headers.get('x-request-id') ?? undefined, body, request);
}
