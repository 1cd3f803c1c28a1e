/**
 * The provider-state catalogue: every state a pact may name, with its parameters, what it hands back for
 * `fromProviderState` expressions, and whether a real service can be put in it through its public API. A name is
 * a template: `a product with originProductId {originProductId} exists` is matched by its literal form too
 * (`… SKU-1 exists`), the words in braces becoming parameters.
 */
import { PAYER_STATES } from './payer-states.ts';
import { dataField, StateSetupError, type ProviderApi } from './provider-api.ts';
import type { ProviderState } from './provider-state.ts';
import type { StateSession } from './state-session.ts';
import { WEBHOOK_MESSAGE_STATE } from './webhook-message.ts';

export type { ProviderState, StateValues } from './provider-state.ts';

const DEFAULT_INACTIVE_CLIENT = 'inactive-client';

export const PROVIDER_STATES: readonly ProviderState[] = [
  {
    name: 'client {clientId} is active',
    description: 'The client is active and holds a fresh access token (the verifying client: its credentials are used).',
    params: { clientId: 'the client; the verifying client when omitted' },
    provides: ['clientId', 'clientSecret', 'basicCredentials', 'accessToken', 'refreshToken'],
    mockOnly: false,
    async setup(session) {
      const { accessToken, refreshToken } = await session.tokens();
      const { clientId, clientSecret } = session.api.credentials;
      // HTTP Basic client authentication (RFC 6749 §2.3.1): each part form-encoded, then base64 (`Basic ${basicCredentials}`).
      const basicCredentials = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
      return { clientId, clientSecret, basicCredentials, accessToken, refreshToken };
    },
  },
  {
    name: 'client {clientId} is inactive',
    description: 'The client is deactivated: token issue answers 403 CLIENT_INATIVO.',
    params: { clientId: `the client (default ${DEFAULT_INACTIVE_CLIENT}, deactivated in the default configuration)` },
    provides: ['clientId'],
    mockOnly: true,
    async setup(session, params) {
      const clientId = params['clientId'] ?? DEFAULT_INACTIVE_CLIENT;
      session.concern(clientId);
      await session.api.admin('deactivateClient', { path: { client_id: clientId } });
      return { clientId };
    },
  },
  {
    name: 'the access token is expired',
    description: 'The verifying client holds an access token that has expired (401 TOKEN_EXPIRADO).',
    params: {},
    provides: ['accessToken'],
    mockOnly: true,
    async setup(session) {
      const { accessToken } = await session.tokens();
      await session.api.admin('expireClientTokens', { path: { client_id: session.api.credentials.clientId } });
      return { accessToken };
    },
  },
  {
    name: 'the access token is revoked',
    description: 'The verifying client holds an access token it revoked (401 TOKEN_REVOGADO).',
    params: {},
    provides: ['accessToken'],
    mockOnly: false,
    async setup(session) {
      const { accessToken } = await session.tokens();
      await session.api.call('POST', '/v1/auth/token/revoke', { token: accessToken, body: { token: accessToken } });
      return { accessToken };
    },
  },
  {
    name: 'the rate limit is exhausted',
    description: 'The verifying client has used up its rate window: the next call answers 429 muitas_requisicoes.',
    params: {},
    provides: ['accessToken'],
    mockOnly: true,
    async setup(session) {
      const { accessToken } = await session.tokens();
      const clientId = session.api.credentials.clientId;
      await session.api.admin('activateScenario', { body: { name: 'rate-limited', clientId } });
      await exhaustRateWindow(session.api, accessToken);
      return { accessToken };
    },
  },
  syncedRecord({ one: 'product', many: 'products', key: 'originProductId', idValue: 'productId', example: 'SKU-CAP-001' }, (params) => ({
    name: params['name'] ?? 'Capulana Premium',
    price: Number(params['price'] ?? 1500),
  })),
  syncedRecord({ one: 'customer', many: 'customers', key: 'merchantCustomerId', idValue: 'customerId', example: 'CLI-1001' }, (params) => ({
    name: params['name'] ?? 'Ana Machava',
    phone: params['phone'] ?? '+258 84 123 4567',
  })),
  syncedRecord({ one: 'plan', many: 'plans', key: 'originPlanId', idValue: 'planId', example: 'PLANO-BASICO-M' }, (params) => ({
    name: params['name'] ?? 'Plano Mensal Básico',
    price: Number(params['price'] ?? 499),
    interval: params['interval'] ?? 'monthly',
  })),
  {
    name: 'an order with status {status} exists',
    description: 'An order of the verifying client in that status (PENDING is placed through the public API; PAID, FAILED and CANCELLED need a mock).',
    params: { status: 'PENDING (default), PAID, FAILED or CANCELLED' },
    provides: ['orderId', 'customerId'],
    mockOnly: false,
    async setup(session, params) {
      const status = params['status'] ?? 'PENDING';
      const body = {
        customer: { merchantCustomerId: 'CLI-1001', name: 'Ana Machava', phone: '+258 84 123 4567' },
        items: [{ originProductId: 'SKU-CAP-001', name: 'Capulana Premium', quantity: 2, price: 1500 }],
      };
      const answer = await session.api.call('POST', '/v1/orders', { token: (await session.tokens()).accessToken, body });
      const orderId = dataField(answer, 'id');
      // Any other status the mock refuses, a setup error that names it.
      const target = status as 'PAID' | 'FAILED' | 'CANCELLED';
      if (status !== 'PENDING') await session.api.admin('transitionOrder', { path: { order_id: orderId }, body: { status: target } });
      return { orderId, customerId: dataField(answer, 'customerId') };
    },
  },
  ...PAYER_STATES,
  WEBHOOK_MESSAGE_STATE,
];

/** A catalogue record that exists once synced by the merchant's own key: idempotent on a real service too. */
function syncedRecord(
  kind: { one: string; many: string; key: string; idValue: string; example: string },
  fields: (params: Record<string, string>) => Record<string, unknown>,
): ProviderState {
  return {
    name: `a ${kind.one} with ${kind.key} {${kind.key}} exists`,
    description: `A ${kind.one} with that merchant id exists (synced through the public API).`,
    params: { [kind.key]: `the merchant ${kind.one} id (default ${kind.example})`, ...Object.fromEntries(Object.keys(fields({})).map((field) => [field, 'optional'])) },
    provides: [kind.idValue, kind.key],
    mockOnly: false,
    async setup(session, params) {
      const key = params[kind.key] ?? kind.example;
      const body = { [kind.key]: key, ...fields(params) };
      const answer = await session.api.call('POST', `/v1/${kind.many}/sync`, { token: (await session.tokens()).accessToken, body });
      return { [kind.idValue]: dataField(answer, 'id'), [kind.key]: key };
    },
  };
}

/** Whether a state, with these parameters, needs the admin API (an order moved past PENDING does). */
export function needsMock(state: ProviderState, params: Record<string, string>): boolean {
  if (state.name === 'an order with status {status} exists') return (params['status'] ?? 'PENDING') !== 'PENDING';
  return state.mockOnly;
}

export interface ResolvedState {
  state: ProviderState;
  params: Record<string, string>;
}

/** The catalogue entry a pact's state names, by its template or a literal form of it; undefined when unknown. */
export function resolveState(name: string, params: Record<string, unknown> = {}): ResolvedState | undefined {
  for (const state of PROVIDER_STATES) {
    const literal = templatePattern(state.name).exec(name);
    if (!literal) continue;
    const fromName = Object.fromEntries(Object.entries(literal.groups ?? {}).filter(([, value]) => !/^\{.*\}$/.test(value)));
    const given = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
    return { state, params: { ...fromName, ...given } };
  }
  return undefined;
}

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, (_match, param: string) => `(?<${param}>\\S+)`)}$`);
}

/** Calls until the window answers 429 (a mock's `rate-limited` allows 5 a minute): the next call is refused too. */
async function exhaustRateWindow(api: ProviderApi, accessToken: string): Promise<void> {
  for (let call = 0; call < 20; call += 1) {
    const answer = await api.call('GET', '/v1/auth/token/list', { token: accessToken, expect: [200, 429] });
    if (answer.status === 429) return;
  }
  throw new StateSetupError('the rate limit was not reached after 20 calls');
}
