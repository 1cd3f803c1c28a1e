/**
 * The access log: one line per API and admin answer, written by an exchange observer (the request journal's
 * extension point), so no stage knows of it. The path is logged without its query string, and nothing of the
 * request's headers or body: bearer tokens, client secrets and the admin token never reach a log line.
 */
import type { Exchange, ExchangeObserver } from '../domain/caller.ts';
import type { Logger } from '../platform/log.ts';
import { elapsedMs } from './request-context.ts';

/**
 * Health probes (a container's HEALTHCHECK every few seconds) are logged at debug: at info they would bury the
 * requests a developer wants to see.
 */
const QUIET_OPERATIONS: ReadonlySet<string> = new Set(['getHealth']);

export function accessLog(logger: Logger): ExchangeObserver {
  return (exchange: Exchange) => {
    const { context, status } = exchange;
    const quiet = context.operationId !== undefined && QUIET_OPERATIONS.has(context.operationId);
    if (!logger.writes(quiet ? 'debug' : 'info')) return;
    const error = errorCodeOf(exchange);
    const fields = {
      method: context.method,
      path: context.path,
      // 0: a scenario dropped the connection without an answer.
      status,
      durationMs: elapsedMs(context),
      requestId: context.requestId,
      clientId: context.world?.clientId,
      scenario: context.scenario,
      operationId: context.operationId,
      error,
    };
    // A refusal names its code (`401 invalid_token` or `401 TOKEN_EXPIRADO`): the status alone does not tell them apart.
    const message = `${context.method} ${context.path} ${status === 0 ? 'dropped' : status}${error === undefined ? '' : ` ${error}`}`;
    if (quiet) logger.debug(message, fields);
    else logger.info(message, fields);
  };
}

/** The `error` code of a refusal's body (the API's and the admin API's error bodies both carry one). */
function errorCodeOf({ status, body }: Exchange): string | undefined {
  if (status < 400 || typeof body !== 'object' || body === null) return undefined;
  const code = (body as { error?: unknown }).error;
  return typeof code === 'string' ? code : undefined;
}
