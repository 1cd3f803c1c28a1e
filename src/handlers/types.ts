import type { AppDeps } from '../deps.ts';
import type { Principal, RequestContext } from '../http/context.ts';
import type { Reply } from '../http/reply.ts';

/** The request as a handler sees it: already routed, authenticated and validated against the spec. */
export interface HandlerInput {
  context: RequestContext;
  /** Set on every operation that requires a bearer token. */
  principal: Principal | undefined;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export type Handler = (input: HandlerInput, deps: AppDeps) => Reply;

/** The calling client; secured operations only reach handlers once a principal is set. */
export function callerOf(input: HandlerInput): string {
  if (!input.principal) throw new Error(`operation ${input.context.operationId} reached without a principal`);
  return input.principal.clientId;
}
