/**
 * Each client's outcome coverage: which catalogued outcomes it met (an answer it received, a delivery its receiver
 * answered) and which it handled (handled-rules.ts watches what it does next). Bounded by the catalogue and the
 * clients: an outcome is kept once per client, with the instant it was first met on that client's clock. What was
 * met and handled is durable (a state part of state/mock-parts.ts); a rule still waiting starts afresh at restart.
 */
import type { Exchange, WorldFacts } from '../domain/caller.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import { createHandledRules, type HandledRules, type Verdicts } from './handled-rules.ts';
import { outcomeCatalogue } from './outcome-catalogue.ts';
import { answerOutcomes, deliveryOutcomes, retryAfterSeconds } from './outcome-matching.ts';
import type { CoverageReport, CoverageStatus, OutcomeCoverage } from './outcome-types.ts';

/** What is kept of one client: outcome id → first met / first handled, ISO 8601 on its clock. */
export interface ClientCoverage {
  met: Record<string, string>;
  handled: Record<string, string>;
  /** Outcome id → why the client's move after it was not handling it (a duplicate order placed); the latest verdict wins. */
  notHandled?: Record<string, string>;
}

export type CoverageState = Record<string, ClientCoverage>;

export interface Coverage {
  /** An answer the API sent (an exchange observer of the API's stages). */
  observeAnswer(exchange: Exchange): void;
  /** A delivery's attempt, once settled (the webhooks' attempt observer), with its client's world. */
  observeDelivery(delivery: Delivery, world: WorldFacts): void;
  /** An outcome met where no answer of the API shows it (an armed checkout page, met by the page). */
  observeMet(world: WorldFacts, outcome: string): void;
  /** The client's report, stamped on its world's clock (resolved by the admin route that asks). */
  report(world: WorldFacts): CoverageReport;
  /** Starts the client afresh; returns how many outcomes it had met. */
  clear(clientId: string): number;
  state(): CoverageState;
  load(state: CoverageState | undefined): void;
}

export interface CoverageOptions {
  /** Only the mock's clients are recorded (a token request naming an unknown client meets nothing). */
  isClient(clientId: string): boolean;
  /** Called when something was met or handled for the first time: the caller makes the state durable. */
  changed(): void;
}

/**
 * The latest verdict wins: a duplicate after a handled meeting makes the outcome not handled (its reason kept), and a
 * meeting handled later clears the reason.
 */
function judge(kept: ClientCoverage, handled: readonly string[], notHandled: Verdicts['notHandled']): void {
  const reasons = { ...kept.notHandled };
  for (const id of handled) delete reasons[id];
  if (notHandled !== undefined) {
    delete kept.handled[notHandled.outcome];
    reasons[notHandled.outcome] = notHandled.why;
  }
  if (Object.keys(reasons).length > 0) kept.notHandled = reasons;
  else delete kept.notHandled;
}

/** What an answer the handled rules pass over shows. */
const NONE_HANDLED: Verdicts = Object.freeze({ handled: [] });

export function createCoverage(options: CoverageOptions): Coverage {
  // Built at the first answer observed, after it was written, not at start: the catalogue reads every operation.
  let catalogue: ReadonlySet<string> | undefined;
  const catalogued = () => (catalogue ??= new Set(outcomeCatalogue().map((outcome) => outcome.id)));
  let clients = new Map<string, ClientCoverage>();
  const rules: HandledRules = createHandledRules();

  const mark = (world: WorldFacts, met: readonly string[], handled: readonly string[], notHandled?: Verdicts['notHandled']) => {
    const { clientId } = world;
    const kept = clients.get(clientId) ?? { met: {}, handled: {} };
    const known = catalogued();
    const isFirst = (seen: Record<string, string>) => (id: string) => known.has(id) && seen[id] === undefined;
    const judged = notHandled !== undefined || (kept.notHandled !== undefined && handled.some((id) => kept.notHandled?.[id] !== undefined));
    // Most answers meet nothing new: they are told apart with no list made, and the instant is read only for what is.
    if (!judged && !met.some(isFirst(kept.met)) && !handled.some(isFirst(kept.handled))) return;
    if (judged) judge(kept, handled, notHandled);
    const firstMet = met.filter(isFirst(kept.met));
    const firstHandled = handled.filter(isFirst(kept.handled));
    const at = new Date(world.nowMs()).toISOString();
    for (const id of firstMet) kept.met[id] = at;
    for (const id of firstHandled) kept.handled[id] = at;
    clients.set(clientId, kept);
    options.changed();
  };

  return {
    observeAnswer(exchange) {
      // The world the caller stage resolved: what is met is stamped on its clock, with no look-up of the client.
      const world = exchange.context.world;
      if (world === undefined || !options.isClient(world.clientId)) return;
      const { clientId } = world;
      const met = answerOutcomes(exchange);
      const verdicts = rules.concerns(clientId, exchange.status, exchange.network !== undefined || exchange.context.duplicateOf !== undefined)
        ? rules.afterAnswer(clientId, {
            met,
            operationId: exchange.context.operationId,
            status: exchange.status,
            nowMs: world.nowMs(),
            // Only a refusal (429, 503) asks the client to wait: a success's headers are not searched.
            retryAfterSeconds: exchange.status >= 400 ? retryAfterSeconds(exchange) : undefined,
            exchange,
          })
        : NONE_HANDLED;
      mark(world, met, verdicts.handled, verdicts.notHandled);
    },
    observeDelivery(delivery, world) {
      if (!options.isClient(delivery.clientId)) return;
      const met = deliveryOutcomes(delivery);
      mark(world, met, rules.afterDelivery(delivery, met));
    },
    observeMet(world, outcome) {
      if (options.isClient(world.clientId)) mark(world, [outcome], []);
    },
    report(world) {
      const { clientId } = world;
      const kept = clients.get(clientId) ?? { met: {}, handled: {} };
      const outcomes = outcomeCatalogue().map((outcome): OutcomeCoverage => {
        const metAt = kept.met[outcome.id];
        const handledAt = kept.handled[outcome.id];
        const notHandled = kept.notHandled?.[outcome.id];
        const status: CoverageStatus = handledAt !== undefined ? 'handled' : metAt !== undefined ? 'met' : 'not-met';
        return { ...outcome, status, ...(metAt !== undefined && { metAt }), ...(handledAt !== undefined && { handledAt }), ...(notHandled !== undefined && { notHandled }) };
      });
      const count = (wanted: CoverageStatus) => outcomes.filter((outcome) => outcome.status === wanted).length;
      const handled = count('handled');
      return {
        clientId,
        at: new Date(world.nowMs()).toISOString(),
        counts: { total: outcomes.length, met: count('met') + handled, handled, notMet: count('not-met') },
        outcomes,
      };
    },
    clear(clientId) {
      const had = Object.keys(clients.get(clientId)?.met ?? {}).length;
      clients.delete(clientId);
      rules.forget(clientId);
      return had;
    },
    state: () => Object.fromEntries([...clients].map(([clientId, kept]) => [clientId, copyOf(kept)])),
    load(state) {
      clients = new Map(Object.entries(state ?? {}).map(([clientId, kept]) => [clientId, copyOf(kept)]));
      rules.forgetAll();
    },
  };
}

function copyOf(kept: ClientCoverage): ClientCoverage {
  return { met: { ...kept.met }, handled: { ...kept.handled }, ...(kept.notHandled && { notHandled: { ...kept.notHandled } }) };
}
