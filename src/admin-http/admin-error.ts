/** A non-2xx answer of the admin API, as `createAdminClient` throws it. */
export class AdminError extends Error {
  override readonly name = 'AdminError';

  constructor(
    /** The HTTP status of the answer. */
    readonly status: number,
    /** The error code of its body (`not_found`, `invalid_request`, …); undefined when the body is not the mock's error body. */
    readonly code: string | undefined,
    /** Its `message` (in Portuguese, as the mock speaks), or the status text. */
    readonly detail: string,
    /** Its `requestId` (also the `X-Request-Id` header), to find the request in the mock's logs. */
    readonly requestId: string | undefined,
    /** The body as received: parsed JSON, or the raw text. */
    readonly body: unknown,
    /** What was asked: `METHOD /__admin/path`. */
    readonly request: string,
  ) {
    super(`${request} → ${status}${code ? ` ${code}` : ''}: ${detail}`);
  }
}
