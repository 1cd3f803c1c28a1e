/**
 * A typed client of the whole admin API (spec/admin.yaml), grouped as the document's tags are. Each method
 * returns what its answer's `data` holds; a page (`{ data, pagination }`) and the state document are returned
 * whole. A non-2xx answer throws an AdminError.
 */
import type { components } from '../generated/admin-types.gen.ts';
import { adminTransport, type RequestOf, type TransportOptions } from '../admin-http/admin-transport.ts';
import { outcomeMethods } from './admin-outcomes.ts';
import { walletMethods } from './admin-wallets.ts';
import { networkMethods } from './admin-network.ts';

/** The admin document's schemas (`Clock`, `JournalEntry`, `State`, `Delivery`, `Order`, …). */
export type AdminSchemas = components['schemas'];
export type JournalFilter = NonNullable<RequestOf<'listRequests'>['query']>;
export type CountFilter = NonNullable<RequestOf<'countRequests'>['query']>;
export type DeliveryFilter = NonNullable<RequestOf<'listWebhookDeliveries'>['query']>;
export type NewClient = RequestOf<'createClient'>['body'];
export type ClockChange = RequestOf<'changeClock'>['body'];
export type OrderTransition = RequestOf<'transitionOrder'>['body']['status'];
export type ProviderStateChange = NonNullable<RequestOf<'changePactProviderState'>['body']>;
export type PactMessageRequest = NonNullable<RequestOf<'producePactMessage'>['body']>;
export type DrillOptions = RequestOf<'startDrill'>['body'];
export type PageQuery<Status extends string> = { page?: number; limit?: number; status?: Status };
export type NewTenant = NonNullable<RequestOf<'createTenant'>['body']>;
export type StoryScope = NonNullable<RequestOf<'getOrderStory'>['query']>;
export type McpMessage = RequestOf<'mcp'>['body'];
export type AuditFilter = NonNullable<RequestOf<'getAudit'>['query']>;

export interface AdminClientOptions extends TransportOptions {
  /** The client `outcomes.*` act on when a call names none: `mock-client` by default (startMock's: its default client). */
  clientId?: string;
}

/** The client the mock is configured with when its configuration names none. */
const DEFAULT_CLIENT_ID = 'mock-client';

export type AdminClient = ReturnType<typeof createAdminClient>;

/** How often `drills.run` reads a running drill: each case takes at least a round trip to the receiver. */
const DRILL_POLL_MS = 100;

const data = <T>(answer: Promise<{ data: T }>): Promise<T> => answer.then((body) => body.data);

/** `url` is the mock's origin, e.g. `http://127.0.0.1:4010` (a trailing `/__admin` is accepted too). */
export function createAdminClient(url: string, options: AdminClientOptions = {}) {
  const send = adminTransport(url, options);
  const client = (clientId: string) => ({ path: { client_id: clientId } });
  /** One client's clock: its own once moved (created from the global clock), else the global one it follows. */
  const clientClock = (clientId: string) => ({
    get: () => data(send('getClientClock', client(clientId))),
    advance: (seconds: number) => data(send('advanceClientClock', { ...client(clientId), body: { seconds } })),
    set: (at: string | Date) => data(send('setClientClock', { ...client(clientId), body: { at: at instanceof Date ? at.toISOString() : at } })),
    freeze: () => data(send('freezeClientClock', client(clientId))),
    resume: () => data(send('resumeClientClock', client(clientId))),
    /** Moves to each next due moment and makes it, until nothing is due within `maxSeconds`. */
    runUntilIdle: (maxSeconds: number) => data(send('runClientClockUntilIdle', { ...client(clientId), body: { maxSeconds } })),
    /** Follow the global clock again. */
    release: () => data(send('releaseClientClock', client(clientId))),
  });
  const tenants = {
    create: (tenant: NewTenant = {}) => data(send('createTenant', { body: tenant })),
    /** Removes the client and everything it owns, in one durable change. */
    delete: (clientId: string) => data(send('deleteTenant', client(clientId))),
  };
  /**
   * A record's story: everything the mock knows of it, oldest first, on its client's clock (docs/admin-api.md). With
   * `{ clientId }`, a record of another client is a 404 AdminError, as an unknown one is.
   */
  const stories = {
    order: (orderId: string, scope: StoryScope = {}) => data(send('getOrderStory', { path: { order_id: orderId }, query: scope })),
    subscription: (subscriptionId: string, scope: StoryScope = {}) =>
      data(send('getSubscriptionStory', { path: { subscription_id: subscriptionId }, query: scope })),
  };
  /** Which outcomes of the gateway a client has met and handled (docs/outcomes.md); `.clear(clientId)` starts it afresh. */
  const coverage = Object.assign((clientId: string) => data(send('getCoverage', { query: { clientId } })), {
    clear: (clientId: string) => data(send('clearCoverage', { query: { clientId } })).then(({ cleared }) => cleared),
  });
  /**
   * How a client's integration behaves (docs/audit.md): the findings of each rule over its own requests, deliveries and
   * drills; `{ severity: 'warning' }` keeps warnings and errors. The client is the admin client's (`mock-client`) by default.
   */
  const audit = (clientId: string = options.clientId ?? DEFAULT_CLIENT_ID, filter: AuditFilter = {}) =>
    data(send('getAudit', { path: { client_id: clientId }, query: filter }));
  return {
    /** `{ status: 'ok', version, uptimeSeconds }`: open without the admin token, never rate limited. */
    health: () => send('getHealth'),
    clock: {
      get: () => data(send('getClock')),
      /** `set` applies first, then `advanceSeconds`; `freeze: false` resumes real time. */
      change: (change: ClockChange) => data(send('changeClock', { body: change })),
      advance: (seconds: number) => data(send('advanceClock', { body: { seconds } })),
      set: (at: string | Date) => data(send('setClock', { body: { at: at instanceof Date ? at.toISOString() : at } })),
      freeze: () => data(send('freezeClock')),
      resume: () => data(send('resumeClock')),
      /** Moves the global clock to each next due moment and makes it, until nothing is due within `maxSeconds`. */
      runUntilIdle: (maxSeconds: number) => data(send('runGlobalClockUntilIdle', { body: { maxSeconds } })),
    },
    scenarios: {
      list: () => data(send('listScenarios')),
      active: () => data(send('getActiveScenarios')),
      /** Globally, or for one client with `{ clientId }`; replaces what was active in that scope. */
      activate: (name: string, scope: { clientId?: string } = {}) => data(send('activateScenario', { body: { name, ...scope } })),
      deactivate: (scope: { clientId?: string } = {}) => data(send('deactivateScenario', { query: scope })),
    },
    /** Everything back to how the mock started, or one client's records only with `{ clientId }`. */
    reset: (scope?: { clientId?: string }) => data(send('reset', scope ? { body: scope } : {})),
    state: {
      export: () => send('exportState'),
      import: (state: AdminSchemas['State']) => data(send('importState', { body: state })),
    },
    snapshots: {
      list: () => data(send('listSnapshots')),
      save: (name: string) => data(send('saveSnapshot', { body: { name } })),
      delete: (name: string) => data(send('deleteSnapshot', { path: { name } })),
      restore: (name: string) => data(send('restoreSnapshot', { path: { name } })),
    },
    requests: {
      /** Journaled API requests, newest first (at most `limit`, default 100). */
      list: (filter: JournalFilter = {}) => data(send('listRequests', { query: filter })),
      count: (filter: CountFilter = {}) => data(send('countRequests', { query: filter })).then(({ count }) => count),
      /** One entry with its request's and response's headers and bodies, secrets masked (absent once the journal's bound let them go). */
      get: (requestId: string) => data(send('getRequest', { path: { request_id: requestId } })),
      /** Empties the journal; resolves to how many entries it held. */
      clear: () => data(send('clearRequests')).then(({ cleared }) => cleared),
      /** The journal as a HAR 1.2 document (one client's with `{ clientId }`), secrets masked (not in `data`). */
      har: (filter: { clientId?: string; operationId?: string; since?: string; until?: string } = {}) => send('exportRequestsHar', { query: filter }),
    },
    clients: {
      list: () => data(send('listClients')),
      create: (newClient: NewClient) => data(send('createClient', { body: newClient })),
      deactivate: (clientId: string) => data(send('deactivateClient', client(clientId))),
      reactivate: (clientId: string) => data(send('reactivateClient', client(clientId))),
      credentials: (clientId: string) => data(send('getClientCredentials', client(clientId))),
      tokens: (clientId: string) => data(send('listClientTokens', client(clientId))),
      revokeTokens: (clientId: string) => data(send('revokeClientTokens', client(clientId))),
      expireTokens: (clientId: string) => data(send('expireClientTokens', client(clientId))),
      orders: (clientId: string, query: PageQuery<AdminSchemas['Order']['status']> = {}) =>
        send('listClientOrders', { ...client(clientId), query }),
      subscriptions: (clientId: string, query: PageQuery<AdminSchemas['Subscription']['status']> = {}) =>
        send('listClientSubscriptions', { ...client(clientId), query }),
      payments: (clientId: string, query: PageQuery<AdminSchemas['Payment']['status']> = {}) =>
        send('listClientPayments', { ...client(clientId), query }),
      setWebhook: (clientId: string, endpoint: AdminSchemas['WebhookEndpoint']) =>
        data(send('setClientWebhook', { ...client(clientId), body: endpoint })),
      deleteWebhook: (clientId: string) => data(send('deleteClientWebhook', client(clientId))),
      clock: clientClock,
      /** One client's payer wallets (balances, PINs, limits, the phone's prompt, statements). */
      wallets: (clientId: string) => walletMethods(send, clientId),
    },
    tenants,
    /**
     * A fresh tenant (a client with its own clock, and what `options` asks for) and a handle on its world: its
     * credentials, its clock, scenarios, request journal and webhooks, and `delete()`. One per parallel CI job.
     */
    async tenant(options: NewTenant = {}) {
      const made = await tenants.create(options);
      const { clientId } = made;
      return {
        ...made,
        credentials: { clientId, clientSecret: made.clientSecret },
        clock: clientClock(clientId),
        wallets: walletMethods(send, clientId),
        scenarios: {
          activate: (name: string) => data(send('activateScenario', { body: { name, clientId } })),
          deactivate: () => data(send('deactivateScenario', { query: { clientId } })),
        },
        requests: {
          list: (filter: Omit<JournalFilter, 'clientId'> = {}) => data(send('listRequests', { query: { ...filter, clientId } })),
          count: (filter: Omit<CountFilter, 'clientId'> = {}) => data(send('countRequests', { query: { ...filter, clientId } })).then(({ count }) => count),
        },
        webhooks: {
          set: (endpoint: AdminSchemas['WebhookEndpoint']) => data(send('setClientWebhook', { ...client(clientId), body: endpoint })),
          delete: () => data(send('deleteClientWebhook', client(clientId))),
          deliveries: (filter: Omit<DeliveryFilter, 'clientId'> = {}) => data(send('listWebhookDeliveries', { query: { ...filter, clientId } })),
        },
        /** The tenant's outcome coverage. */
        coverage: () => coverage(clientId),
        /** The tenant's audit: only its own requests, deliveries and drills. */
        audit: (filter: AuditFilter = {}) => audit(clientId, filter),
        /** The story of one of the tenant's orders (a 404 AdminError for another client's). */
        orders: { story: (orderId: string) => stories.order(orderId, { clientId }) },
        subscriptions: { story: (subscriptionId: string) => stories.subscription(subscriptionId, { clientId }) },
        delete: () => tenants.delete(clientId),
      };
    },
    orders: {
      /** Moves a pending order; a final one stays as it is (`moved: false`). */
      transition: (orderId: string, status: OrderTransition) =>
        data(send('transitionOrder', { path: { order_id: orderId }, body: { status } })),
      /** Its requests, status changes and why, the payer's prompt, wallet lines, payments and webhooks, oldest first. */
      story: stories.order,
    },
    subscriptions: {
      /** Its requests, charges and retries, status changes, wallet lines and webhooks, oldest first. */
      story: stories.subscription,
    },
    webhooks: {
      deliveries: (filter: DeliveryFilter = {}) => data(send('listWebhookDeliveries', { query: filter })),
      resend: (deliveryId: string) => data(send('resendWebhookDelivery', { path: { delivery_id: deliveryId } })),
    },
    drills: {
      /** A drill as it is now (each case's verdict once judged). */
      get: (drillId: string) => data(send('getDrill', { path: { drill_id: drillId } })),
      /**
       * Starts a webhook drill against a receiver (`POST /__admin/drills`) and resolves with it once every case is
       * judged: `status` passed, failed or unreachable.
       */
      async run(options: DrillOptions, pollMs = DRILL_POLL_MS): Promise<AdminSchemas['Drill']> {
        let drill = await data(send('startDrill', { body: options }));
        while (drill.status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, pollMs));
          drill = await data(send('getDrill', { path: { drill_id: drill.id } }));
        }
        return drill;
      },
    },
    coverage,
    audit,
    /** Outcomes armed for a client's next move (docs/arming.md): `arm(outcome, options?)`, `armed(clientId?)`, `disarm(clientId?, armedId?)`. */
    outcomes: outcomeMethods(send, options.clientId ?? DEFAULT_CLIENT_ID),
    /** Network profiles for a whole run (docs/network-failures.md#profiles): `apply(profile, options?)`, `get`, `remove`, `list`. */
    network: networkMethods(send, options.clientId ?? DEFAULT_CLIENT_ID),
    pact: {
      /** Pact's state-change protocol: the state's values, flat (as a verifier reads them), not in `data`. */
      providerState: (change: ProviderStateChange = {}) => send('changePactProviderState', { body: change }),
      /** Pact's message producer protocol: the webhook payload a message interaction expects (not in `data`). */
      message: (request: PactMessageRequest) => send('producePactMessage', { body: request }),
      /**
       * The consumer pact of what a client's integration did (docs/contracts.md): `pact` to write as a file, `messages`
       * (the webhooks its receiver took) when there were some, and what was left out, with why.
       */
      record: (clientId: string, names: { consumer?: string; provider?: string } = {}) =>
        data(send('recordClientPact', { path: { client_id: clientId }, query: names })),
    },
    /**
     * One JSON-RPC message to the mock's MCP server (docs/mcp.md): its response, or undefined for a notification. An
     * MCP client (a coding agent, the MCP SDK's `Client`) is the usual way to speak to it.
     */
    mcp: (message: McpMessage): Promise<AdminSchemas['JsonRpcResponse'] | undefined> => send('mcp', { body: message }),
  };
}
