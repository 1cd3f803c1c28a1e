/**
 * Sends one webhook request over real HTTP. Redirects are not followed (a 3xx counts as a failed attempt, as a
 * receiver that moved must be reconfigured), and a receiver that does not answer within the timeout (real time)
 * fails the attempt. Never throws: every outcome is a value.
 */

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type SendResult = { statusCode: number } | { error: string };

export type Send = (request: WebhookRequest) => Promise<SendResult>;

export function httpSend(timeoutMs: number): Send {
  return async ({ url, headers, body }) => {
    try {
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      // Only the status matters; dropping the body frees the connection.
      await response.body?.cancel().catch(() => undefined);
      return { statusCode: response.status };
    } catch (error) {
      return { error: describeFailure(error, timeoutMs) };
    }
  };
}

/** Why a request got no answer, in a word or two (a timeout, a connection error code). */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  // e.g. "fetch failed: bad port" (fetch refuses ports browsers block, such as 6000 or 10080).
  if (typeof cause?.message === 'string') return `${(error as Error).message}: ${cause.message}`;
  return error instanceof Error ? error.message : String(error);
}
