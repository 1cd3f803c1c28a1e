/**
 * The request path as a list of stages. A stage receives the request state and `next` (the rest of the list): it
 * answers by returning a reply of its own, or passes on by returning `next(request)`, and may look at or replace the
 * reply that comes back (the commit stage makes it durable, a journal records it). The list is assembled in
 * one place (`server/create-app.ts`); inserting a stage is adding an entry, never editing another stage. A stage that must sit
 * right before another says so (`precedes`), and every list assembled or served is checked (`checkedStages`).
 */
import type { Caller, RequestContext } from '../domain/caller.ts';
import type { Reply } from '../domain/reply.ts';
import type { World } from '../deps/world.ts';
import type { ChangeContext } from '../store/event-bus.ts';
import type { Operation, ParsedRequest } from '../openapi/openapi-router.ts';
import type { BodyOutcome } from './request-body.ts';
import type { Site } from './request-site.ts';

/** What arrived, as read from the socket; the stages fill in the rest of the state. */
export interface Incoming {
  headers: Record<string, string | string[] | undefined>;
  /** The query string without `?` ('' when none). */
  rawQuery: string;
  /**
   * Reads and parses the body once, up to `limitBytes` (default: the server's); later calls return the same outcome.
   * An outcome known at once (a GET has no body to read) may come back as it is rather than as a promise.
   */
  readBody(limitBytes?: number): BodyOutcome | Promise<BodyOutcome>;
  /** Whether the Host is the mock's own and which origins are (see same-origin.ts). */
  site: Site;
  /**
   * Sent by the mock to itself (dispatch-stages.ts: a provider state's set-up, an MCP tool's trigger): no connection
   * carries it, so nothing that acts on a connection (an armed network failure) applies to it.
   */
  inProcess?: true;
}

/**
 * One request on its way through the stages (its state; the reply is what the stages return). A feature above this
 * layer declares the slots its stages carry by merging into this interface (`declare module`), so this file names
 * none of them: the scenario's are in scenarios/request-scenario.ts.
 */
export interface RequestState {
  context: RequestContext;
  incoming: Incoming;
  /** The path under the list's mount (`/orders`), located when the request arrived (see routing.ts). */
  apiPath?: string;
  /** The method the document is asked about: HEAD is answered as GET (RFC 9110 §9.3.2). */
  routeMethod?: string;
  /** The operation the request reaches, if any (the route stage answers when none). */
  operation?: Operation | undefined;
  /** The parsed body, once read. */
  body?: unknown;
  /** Parameters and body after validation against the document. */
  parsed?: ParsedRequest;
  /** Who the request presents itself as, resolved once (see stages/caller.ts). */
  caller?: Caller;
  /** The world of the caller's client, resolved once with it (see stages/caller.ts); also `context.world`. */
  world?: World;
  /**
   * What a stage adds to the context of the change the request makes (the trace's `traceparent`): the commit stage
   * hands it to the stagers with the request's world.
   */
  change?: ChangeContext;
}

/**
 * What the later stages answered: the reply itself when none of them waited for anything (a read, a refusal), or a
 * promise of it when one did (a body to read, a write to make durable).
 */
export type Answer = Reply | Promise<Reply>;

/**
 * The rest of the list, given the request to pass on. It is made once for the list (`stageChain`), not per request,
 * so a request makes no function on its way down; a stage may call it more than once, each time running the rest
 * of the list again.
 */
export type Next = (request: RequestState) => Answer;

/** `then` for an answer that may already be there: at once for a reply, after it for a promise. */
export function whenAnswered(answer: Answer, then: (reply: Reply) => Answer): Answer {
  return answer instanceof Promise ? answer.then(then) : then(answer);
}

export interface Stage {
  /** A stable name, so a stage can be placed before or after another. */
  name: string;
  /** The stage that must come right after this one, nothing in between (the commit stage: `handle`). */
  precedes?: string;
  run(request: RequestState, next: Next): Answer;
}

/** The list itself, once every `precedes` holds; a list that breaks one is a programming error (thrown). */
export function checkedStages(stages: readonly Stage[]): readonly Stage[] {
  stages.forEach((stage, index) => {
    const after = stages[index + 1]?.name;
    if (stage.precedes !== undefined && after !== stage.precedes) {
      throw new Error(`the stage ${stage.name} must come right before ${stage.precedes}, not before ${after ?? 'the end of the list'}`);
    }
  });
  return stages;
}

/**
 * The list as one function of a request: the stages in order, `last` answering when every stage passed on. Each
 * stage is given, as its `next`, the rest of the list, made here once. A stage that passes on returns its
 * successor's answer as it is: a request that waits for nothing goes down the list and back up in one turn, with no
 * promise made for it (an async frame per stage would wrap it in one, with its microtasks, at every stage). What a
 * stage throws goes up the same way, to the list's runner (serve-stages.ts), which answers the 500.
 */
export function stageChain(stages: readonly Stage[], last: (request: RequestState) => Reply): Next {
  let rest: Next = last;
  for (let index = stages.length - 1; index >= 0; index -= 1) {
    const stage = stages[index] as Stage;
    const after = rest;
    rest = (request) => stage.run(request, after);
  }
  return rest;
}

/** The list with `stage` inserted before the stage named `name` (a programming error if there is none). */
export function insertBefore(stages: readonly Stage[], name: string, stage: Stage): Stage[] {
  const index = stages.findIndex((candidate) => candidate.name === name);
  if (index < 0) throw new Error(`no stage named ${name}`);
  return [...checkedStages([...stages.slice(0, index), stage, ...stages.slice(index)])];
}

/** The list with `stage` inserted after the stage named `name`. */
export function insertAfter(stages: readonly Stage[], name: string, stage: Stage): Stage[] {
  const index = stages.findIndex((candidate) => candidate.name === name);
  if (index < 0) throw new Error(`no stage named ${name}`);
  return [...checkedStages([...stages.slice(0, index + 1), stage, ...stages.slice(index + 1)])];
}
