/**
 * The request as a handler sees it (routed, authenticated, validated against the document) and the handler
 * itself: a function of that input returning a reply. The table of handlers by operationId is built in
 * `handlers/` and handed to the router by `server/create-app.ts`.
 */
import type { Principal, RequestContext } from '../domain/caller.ts';
import type { AdminOperationId, AdminRequestBodyOf, OperationId, RequestBodyOf } from '../domain/operation-ids.ts';
import type { Reply } from '../domain/reply.ts';
import type { World } from '../deps/world.ts';

export interface OperationInput<Body = unknown> {
  context: RequestContext;
  /** Set on every operation that requires a bearer token. */
  principal: Principal | undefined;
  /** The world of the client the request names, resolved once by the caller stage (http/stages/caller.ts). */
  world: World | undefined;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Body;
  headers: Record<string, string | string[] | undefined>;
}

/** The handler of one operation: its body arrives typed as the document declares it, already validated. */
export type Handler<Id extends OperationId = OperationId> = (input: OperationInput<RequestBodyOf<Id>>) => Reply | Promise<Reply>;

/** One handler per operation of the document: a missing or misspelt one is a type error. */
export type HandlerTable = { readonly [Id in OperationId]: Handler<Id> };

/** The handler of one admin operation (spec/admin.yaml), its body typed as that document declares it. */
export type AdminHandler<Id extends AdminOperationId = AdminOperationId> = (input: OperationInput<AdminRequestBodyOf<Id>>) => Reply | Promise<Reply>;

/** One handler per admin operation; each admin module `satisfies` its share (`Partial<AdminHandlerTable>`). */
export type AdminHandlerTable = { readonly [Id in AdminOperationId]: AdminHandler<Id> };

/** The calling client's world: set whenever a principal is (its token names its client). */
export function worldOf(input: Pick<OperationInput, 'world' | 'context'>): World {
  if (!input.world) throw new Error(`operation ${input.context.operationId} reached without its client's world`);
  return input.world;
}

/** The calling client; secured operations only reach handlers once a principal is set. */
export function callerOf(input: Pick<OperationInput, 'principal' | 'world' | 'context'>): string {
  if (!input.principal) throw new Error(`operation ${input.context.operationId} reached without a principal`);
  return worldOf(input).clientId;
}
