/**
 * createApp(deps): the express application — /__admin, then the API as a list of stages. The list is
 * assembled here and only here; a request is followed from top to bottom of `apiStages`. No I/O of its own:
 * sockets belong to the CLI, files to the store.
 */
import express, { type Express } from 'express';
import { CUSTOMERS, PLANS, PRODUCTS } from './records/catalog-kinds.ts';
import type { AppDeps } from './deps.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { seedInitialData } from './fake/seed-initial-data.ts';
import { createHandlers } from './handlers/index.ts';
import type { Flows } from './handlers/flows.ts';
import { createAdminRouter } from './http/admin.ts';
import { isLoopback } from './http/loopback.ts';
import { createOpenApiRouter, type OpenApiRouter } from './http/openapi-router.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { serveStages } from './http/serve-stages.ts';
import type { Stage } from './http/stage.ts';
import { apiPrefix } from './http/stages/api-prefix.ts';
import { authenticate } from './http/stages/authenticate.ts';
import { readRequestBody } from './http/stages/body.ts';
import { commit } from './http/stages/commit.ts';
import { cors } from './http/stages/cors.ts';
import { handle } from './http/stages/handle.ts';
import { rateLimit } from './http/stages/rate-limit.ts';
import { route } from './http/stages/route.ts';
import { validate } from './http/stages/validate.ts';
import { silentLogger } from './log.ts';
import { orderFlow } from './orders/order-flow.ts';
import { DEFAULT_PROGRESSION, type OrderProgression } from './orders/progression.ts';
import { catalogFlow } from './records/catalog.ts';
import { paymentQueries } from './records/payments.ts';
import { subscriptionFlow } from './subscriptions/subscription-flow.ts';
import { tokenFlow } from './tokens/token-flow.ts';

export interface AppOptions {
  /** Rearranges the API's stages: a scenario engine, a journal or a test adds its own. */
  stages?: (defaults: readonly Stage[]) => readonly Stage[];
  /** What moves a pending order by itself; the default pays it on its 3rd status poll. */
  progression?: () => OrderProgression;
  /** A router already built (tests share one per worker: validators compile once per operation). */
  router?: OpenApiRouter;
}

export interface App {
  express: Express;
  flows: Flows;
  events: EventBus;
}

export function createFlows(deps: AppDeps, progression: () => OrderProgression): Flows {
  return {
    tokens: tokenFlow(deps),
    products: catalogFlow(PRODUCTS, deps),
    customers: catalogFlow(CUSTOMERS, deps),
    plans: catalogFlow(PLANS, deps),
    subscriptions: subscriptionFlow(deps),
    orders: orderFlow(deps, progression),
    payments: paymentQueries(deps.store),
  };
}

/** The request path of the API, in order. A stage that acts on the reply (commit) wraps those after it. */
export function apiStages(deps: AppDeps, parts: { router: OpenApiRouter; limiter: RateLimiter; flows: Flows; events: EventBus }): Stage[] {
  const { router, limiter, flows, events } = parts;
  return [
    apiPrefix(router),
    cors(router, deps.config.corsOrigins ?? (isLoopback(deps.config.host) ? ['*'] : [])),
    rateLimit(limiter),
    route(router),
    readRequestBody,
    authenticate(router, flows.tokens.verify),
    validate(router),
    commit(() => deps.store.commit(), events.publish),
    handle(createHandlers(flows)),
  ];
}

export async function createApp(deps: AppDeps, options: AppOptions = {}): Promise<App> {
  const logger = deps.logger ?? silentLogger;
  const router = options.router ?? (await createOpenApiRouter());
  const limiter = createRateLimiter(deps.config.rateLimit, deps.clock);
  const events = createEventBus(deps.listeners ?? [], logger);
  const flows = createFlows(deps, options.progression ?? (() => DEFAULT_PROGRESSION));
  const defaults = apiStages(deps, { router, limiter, flows, events });
  const stages = options.stages?.(defaults) ?? defaults;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    '/__admin',
    createAdminRouter(deps, {
      async reset() {
        deps.store.clear();
        seedInitialData(deps);
        limiter.reset();
        await deps.store.commit();
      },
    }),
  );
  app.use(serveStages(stages, { deps, logger, observers: deps.observers ?? [] }));
  return { express: app, flows, events };
}
