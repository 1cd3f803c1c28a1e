/**
 * createApp(deps): the express application — /__admin, then the API as a list of stages. The list is
 * assembled here and only here; a request is followed from top to bottom of `apiStages`. No I/O of its own:
 * sockets belong to the CLI, files to the store.
 */
import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import { appListener } from './app-listener.ts';
import type { AppDeps } from '../deps/deps.ts';
import { createTicker } from './clock-ticker.ts';
import { createEventBus, type EventBus } from '../store/event-bus.ts';
import { createHandlers } from '../handlers/api-handlers.ts';
import { createFlows, type Flows } from '../handlers/flows.ts';
import type { AdminContext } from '../admin/admin-context.ts';
import { createAdminHandlers } from '../admin/admin-handlers.ts';
import { mockParts } from '../state/mock-parts.ts';
import { createSnapshots } from '../state/snapshots.ts';
import { changeApplier, type ApplyChange } from '../store/apply-change.ts';
import { mockProviderStates } from './mock-provider-states.ts';
import { mcpEndpoint } from '../mcp/mcp-endpoint.ts';
import { clientCleanSlate } from './client-clean-slate.ts';
import { ADMIN_BODY_LIMIT_BYTES, ADMIN_PREFIX, adminLocate, adminStages } from '../admin/admin-stages.ts';
import { canonicalAdminPath } from '../http/canonical-admin-path.ts';
import { createMockState } from '../state/mock-state.ts';
import { createRequestJournal, type RequestJournal } from '../state/request-journal.ts';
import { createStatusCauses } from '../state/status-causes.ts';
import { adminIndexRedirect, consolePage, faviconPage } from '../pages/console-page.ts';
import { mountPages } from '../pages/page-serving.ts';
import { accessLog } from '../http/access-log.ts';
import { isLoopback } from '../domain/loopback-host.ts';
import { createOpenApiRouter, lazyOpenApiRouter, type OpenApiRouter } from '../openapi/openapi-router.ts';
import { createRateLimiter, type RateLimiter } from '../rate-limit/rate-windows.ts';
import { expressStages, serveStages } from '../http/serve-stages.ts';
import { dispatchStages } from '../http/dispatch-stages.ts';
import { apiMount, locator } from '../http/routing.ts';
import { checkedStages, type Stage } from '../http/stage.ts';
import { authenticate } from '../http/stages/authenticate.ts';
import { readRequestBody } from '../http/stages/body.ts';
import { commit } from '../http/stages/commit.ts';
import { acceptContentType } from '../http/stages/content-type.ts';
import { cors } from '../http/stages/cors.ts';
import { handle } from '../http/stages/handle.ts';
import { rateLimit } from '../rate-limit/rate-limit-stage.ts';
import { afterFirstOnlyWhen, saveState } from '../http/stages/save-state.ts';
import { route } from '../http/stages/route.ts';
import { validate } from '../http/stages/validate.ts';
import { monotonicMs } from '../platform/clock.ts';
import { silentLogger } from '../platform/log.ts';
import { docsPages } from '../pages/docs/docs-pages.ts';
import { homePage } from '../pages/home/home-page.ts';
import { checkoutPages } from '../pages/checkout/checkout-pages.ts';
import { pageTokens } from '../pages/checkout/page-token.ts';
import type { ExchangeObserver } from '../domain/caller.ts';
import { scenarioRules } from '../scenarios/scenario-rules.ts';
import { armedRequests } from '../armed/armed-requests.ts';
import { createDuplicateOrders } from '../coverage/duplicate-orders.ts';
import { armedDeliveries } from '../armed/armed-deliveries.ts';
import { armedFlowExtensions } from '../armed/armed-flows.ts';
import { armedOutcomes, type ArmedOutcomes } from '../armed/armed-outcomes.ts';
import { profileDeliveryLeg } from '../armed/network-profile-legs.ts';
import { checkoutGate } from '../armed/checkout-gate.ts';
import { networkProfileStage } from '../armed/network-profile-stage.ts';
import { networkProfiles as createNetworkProfiles, type NetworkProfiles } from '../armed/network-profiles.ts';
import { scenarioScope } from '../scenarios/scenario-scope.ts';
import { resolveCaller } from '../http/stages/caller.ts';
import { securityNeeds } from '../http/security-needs.ts';
import { createScenarioEngine, type ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { ScenarioLibrary } from '../scenarios/scenario-library.ts';
import { builtInProfiles, builtInScenarios } from './built-in-libraries.ts';
import { createWebhooks, type Webhooks } from '../webhooks/webhooks.ts';
import { createCoverage } from '../coverage/coverage-recorder.ts';
import { activateWorld, type WorldParts } from '../world/activate-world.ts';
import { createWorlds } from '../world/worlds.ts';
import { attemptTracer } from '../tracing/attempt-tracer.ts';
import { traceChanges } from '../tracing/change-tracer.ts';
import { tracedStages } from '../tracing/stage-spans.ts';
import type { Tracing } from '../tracing/tracing-types.ts';
import type { Worlds } from '../deps/world.ts';

export interface AppOptions {
  /** Rearranges the API's stages: a scenario engine, a journal or a test adds its own. */
  stages?: (defaults: readonly Stage[]) => readonly Stage[];
  /** The scenarios that can be activated; by default the built-ins and those of `config.scenariosDir`. */
  scenarios?: ScenarioLibrary;
  /** A router already built (tests share one per worker: validators compile once per operation). */
  router?: OpenApiRouter;
  /** The admin API's router, likewise. */
  adminRouter?: OpenApiRouter;
  /** Billing steps per slice of a clock catch-up (tests make it small to watch requests get in between). */
  tickSliceSteps?: number;
  /** Traces (src/tracing/): a server span per API request and a span per webhook attempt; none by default. */
  tracing?: Tracing;
}

export interface App {
  /**
   * What a node:http server serves (`createServer(app.listener)`): the API straight through its stages, the rest
   * through `express`.
   */
  listener: RequestListener;
  /** The Express application: the admin API, the pages, the docs, and the API too (the same stages behind Express). */
  express: Express;
  flows: Flows;
  events: EventBus;
  scenarios: ScenarioEngine;
  /** Each client's world (world/worlds.ts), for what calls a flow from outside a request. */
  worlds: Worlds;
  journal: RequestJournal;
  /** Signed POSTs of status changes to the clients' endpoints, their deliveries and retries. */
  webhooks: Webhooks;
  /**
   * Lets the clock act: pending orders whose time step is due move, and what else the clock drives runs, each
   * change made durable then published. Called after the admin API moves the clock, and every second by the server.
   */
  tick(): Promise<void>;
}

/** The request path of the API, in order. A stage that acts on the reply (commit) wraps those after it. */
export function apiStages(
  deps: AppDeps,
  parts: {
    router: OpenApiRouter;
    limiter: RateLimiter;
    flows: Flows;
    /** The outcomes each client armed for its next moves (src/armed/). */
    armed: ArmedOutcomes;
    /** The network profile applied to each client (src/armed/network-profiles.ts). */
    networkProfiles: NetworkProfiles;
    /** Each client's world, resolved once per request with its caller (world/worlds.ts). */
    worlds: Worlds;
    scenarios: ScenarioEngine;
    /** The webhooks' attempts under way for a change's events (an armed `webhook.before-reply` waits for them). */
    webhooks?: Pick<Webhooks, 'attempting'>;
    /** The one way a change becomes durable and visible (store/apply-change.ts). */
    applyChange: ApplyChange;
    /** Saves the state that is not records when a request changed it (a scenario rule's counter). */
    saveState?: () => readonly string[];
  },
): Stage[] {
  const { router, limiter, flows, scenarios, worlds, applyChange } = parts;
  const holdMs = deps.config.timeouts.heldAnswerSeconds * 1000;
  return [
    // Of that state, only a scenario's can change through the API, and only in a request run under one.
    ...(parts.saveState ? [saveState(parts.saveState, applyChange, false, afterFirstOnlyWhen((request) => request.scenario !== undefined))] : []),
    cors(router, deps.config.corsOrigins ?? (isLoopback(deps.config.host) ? ['*'] : [])),
    resolveCaller({
      present: flows.tokens.present,
      bodyNamesClient: (operation) => securityNeeds(router, operation).bodyNamesClient,
      ownerOf: flows.tokens.ownerOf,
      secretMatches: deps.clients.secretMatches,
      worldOf: worlds.of,
    }),
    scenarioScope(scenarios),
    rateLimit(limiter),
    route(router),
    acceptContentType,
    readRequestBody,
    scenarioRules(scenarios, router, {
      presentAgain: flows.tokens.presentAgain,
      revokeToken: (world, tokenId) => flows.tokens.revokeAll(world, [tokenId]),
      expireToken: (world, tokenId) => flows.tokens.expireAll(world, [tokenId]),
      moveOrder: (world, orderId, status) => flows.orders.settle(world, orderId, status, { trigger: { by: 'scenario' } }),
      apply: applyChange,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
    armedRequests({
      armed: parts.armed,
      store: deps.store,
      presentAgain: flows.tokens.presentAgain,
      revokeToken: (world, tokenId) => flows.tokens.revokeAll(world, [tokenId]),
      expireToken: (world, tokenId) => flows.tokens.expireAll(world, [tokenId]),
      apply: applyChange,
      holdMs,
      ...(parts.webhooks && { webhooksAttempting: parts.webhooks.attempting }),
    }),
    networkProfileStage(parts.networkProfiles, holdMs),
    authenticate(router, flows.tokens.verify),
    validate(router),
    commit(applyChange),
    handle(createHandlers(flows)),
  ];
}

export async function createApp(deps: AppDeps, options: AppOptions = {}): Promise<App> {
  const startedMs = monotonicMs();
  const logger = deps.logger ?? silentLogger;
  const router = options.router ?? (await createOpenApiRouter());
  const limiter = createRateLimiter(deps.clock);
  const events = createEventBus(deps.listeners ?? [], logger);
  const scenarios = createScenarioEngine(options.scenarios ?? builtInScenarios(deps.config.scenariosDir), deps.config, {
    global: deps.config.scenario,
  });
  const worlds = createWorlds({ clock: deps.clock, scenarios });
  const journal = createRequestJournal();
  // What each client armed for its next moves meets the flows at their extension points (src/armed/).
  const armed = armedOutcomes(deps);
  const networkProfiles = createNetworkProfiles();
  const profileLibrary = builtInProfiles(deps.config.scenariosDir);
  const flows = createFlows(deps, armedFlowExtensions(armed, deps.store));
  const applyChange = changeApplier(deps.store, events, logger);
  // What each client met is durable like the other parts: saved with them whenever something is met for the first time.
  const coverage = createCoverage({
    isClient: (clientId) => deps.clients.find(clientId) !== undefined,
    changed: () => void applyChange({ written: state.persist() }).catch((error: unknown) => logger.error(`coverage not saved: ${String(error)}`)),
  });
  const { tracing } = options;
  // How long a held answer, a trickled body, a delayed connection or a held page waits (`timeouts.heldAnswerSeconds`).
  const holdMs = deps.config.timeouts.heldAnswerSeconds * 1000;
  const webhooks = createWebhooks(deps, {
    worlds,
    logger,
    applyChange,
    onAttempt: coverage.observeDelivery,
    arming: armedDeliveries(armed, deps.store),
    ...(tracing && { traceAttempt: attemptTracer(tracing) }),
    connectDelayMs: holdMs,
    legOf: profileDeliveryLeg(networkProfiles, holdMs),
  });
  events.addStager('webhook outbox', webhooks.stage);
  events.subscribe(webhooks.listener);
  // Tracing on: each change is a span, from its staging to its being durable.
  if (tracing) traceChanges(events, tracing);
  // What a client's world holds that these parts keep, read through them when asked.
  worlds.keep({
    webhookEndpoint: (clientId) => webhooks.endpoint(clientId),
    armedOutcomes: (clientId) => armed.list(clientId),
    journal: (clientId, limit) => journal.list({ clientId }, limit),
  });
  const worldParts: WorldParts = { clock: deps.clock, worlds, scenarios, wallets: flows.wallets, webhooks, store: deps.store };
  // A client given a scenario in the configuration starts in that world, as one activated later would (its declared
  // wallets included; a restart keeps the wallets its payers have since used). A previous run's saved activations,
  // restored below, then take precedence.
  for (const client of deps.config.clients) {
    if (!client.scenario) continue;
    const world = activateWorld(worldParts, { clientId: client.clientId, scenario: client.scenario, keepExistingWallets: true });
    if (!world.ok) throw new Error(`the configuration's client ${client.clientId}: ${world.reason}`);
    await applyChange(world);
  }
  // Why each order moved, for its story: the events say, once durable.
  const statusCauses = createStatusCauses();
  events.subscribe(statusCauses.listener);
  const state = createMockState(deps.store, mockParts(deps, { scenarios, webhooks, limiter, journal, coverage, statusCauses, networkProfiles }), applyChange, deps.clock.now);
  // Clients, endpoints, scenarios and the clock as a previous run left them; then the deliveries of its clients.
  state.restore();
  const defaults = apiStages(deps, { router, limiter, flows, armed, networkProfiles, scenarios, worlds, webhooks, applyChange, saveState: () => state.persist() });
  const traced = tracing ? tracedStages(defaults, tracing) : defaults;
  const stages = checkedStages(options.stages?.(traced) ?? traced);

  // Observers are read at each answer, so one added to `deps.observers` later (a test's) is called too.
  const observers: ExchangeObserver[] = [accessLog(logger), (exchange) => deps.observers?.forEach((observe) => observe(exchange))];
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const { tick } = createTicker(deps, { flows, worlds, webhooks, applyChange,
    ...(options.tickSliceSteps ? { stepsPerSlice: options.tickSliceSteps } : {}),
  });
  // The states reach the mock through its own stage lists, in process (dispatched once both lists exist, below).
  const cleanSlate = clientCleanSlate({ config: deps.config, clients: deps.clients, scenarios, webhooks, limiter, worlds, state, worldParts, applyChange });
  const verifyingCredentials = (clientId: string) => {
    const client = deps.clients.find(clientId);
    if (!client) return 'unknown' as const;
    return client.clientSecret === undefined ? ('secret_not_kept' as const) : { clientId, clientSecret: client.clientSecret };
  };
  const providerStates = mockProviderStates(deps.config, { api: (request) => dispatchApi(request), admin: (request) => dispatchAdmin(request) }, cleanSlate, verifyingCredentials);
  const snapshots = createSnapshots();
  // The MCP server's tools reach the admin API (and the API, to trigger a webhook) the same way, in process.
  const mcp = mcpEndpoint({ api: (request) => dispatchApi(request), admin: (request) => dispatchAdmin(request) });
  const admin: AdminContext = { deps, flows, armed, networkProfiles, profileLibrary, scenarios, journal, statusCauses, limiter, state, snapshots, webhooks, tick, events, apply: applyChange, startedMs, providerStates, coverage, worldParts, worlds, mcp };
  const adminRouter = options.adminRouter ?? lazyOpenApiRouter({ document: 'admin' });
  app.use(canonicalAdminPath);
  // Pages first: neither rate limited nor journaled; the console falls through to the admin API for anything not its.
  mountPages(app, [
    homePage(deps.config),
    faviconPage(),
    adminIndexRedirect(ADMIN_PREFIX),
    consolePage(),
    docsPages(deps),
    checkoutPages({
      flows,
      clients: deps.clients,
      apply: applyChange,
      logger,
      config: deps.config,
      tokens: pageTokens(deps.random.token()),
      worlds,
      gate: checkoutGate({ armed, networkProfiles, store: deps.store, apply: applyChange, holdMs, met: coverage.observeMet }),
    }),
  ]);
  const adminList = adminStages(adminRouter, deps.config, createAdminHandlers(admin), [saveState(() => state.persist(true), applyChange, true)]);
  const adminServing = { deps, logger, observers, basePolicy: scenarios.base, bodyLimitBytes: ADMIN_BODY_LIMIT_BYTES, locate: adminLocate(adminRouter) };
  const dispatchAdmin = dispatchStages(adminList, adminServing);
  app.use(ADMIN_PREFIX, expressStages(serveStages(adminList, adminServing)));
  // The duplicate-order watch marks a request before the journal and coverage read it.
  const apiServing = {
    deps,
    logger,
    observers: [...observers, createDuplicateOrders().observe, journal.record, coverage.observeAnswer, ...(tracing ? [tracing.endRequest] : [])],
    basePolicy: scenarios.base,
    locate: locator(router, apiMount),
  };
  const dispatchApi = dispatchStages(stages, apiServing);
  const serveApi = serveStages(stages, apiServing);
  app.use(expressStages(serveApi));
  return { listener: appListener(serveApi, app), express: app, flows, events, scenarios, worlds, journal, webhooks, tick };
}
