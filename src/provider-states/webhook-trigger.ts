/**
 * A webhook triggered the way `stripe trigger` does it, for `commerce-mock trigger` and the MCP server's tool alike:
 * the event's fixture creates what it needs through the API with the client's credentials and moves it through the
 * admin API; the mock's own webhook service sends the delivery, which is awaited. The tokens the fixture used are
 * given back at the end: a client holds few active tokens, and a trigger should not use them up.
 */
import { awaitDelivery, type SeenDelivery } from './awaited-delivery.ts';
import type { ProviderApi } from './provider-api.ts';
import { issueTokens } from './state-session.ts';
import type { Created, WebhookFixture } from './webhook-fixtures.ts';

export interface TriggeredWebhook {
  /** What the fixture created and moved, in order. */
  created: Created[];
  /** The delivery the event caused; undefined when none was recorded (a scenario or the endpoint's removal stopped it). */
  delivery: SeenDelivery | undefined;
}

/** `onCreated` hears what was created as soon as it is, before the delivery is awaited. */
export async function triggerWebhook(
  api: ProviderApi,
  fixture: WebhookFixture,
  body: Record<string, unknown>,
  onCreated: (created: readonly Created[]) => void = () => undefined,
): Promise<TriggeredWebhook> {
  const tokens = await issueTokens(api);
  try {
    const run = await fixture.run(api, tokens.accessToken, body);
    onCreated(run.created);
    return { created: run.created, delivery: await awaitDelivery(api, fixture, run) };
  } finally {
    await api.call('POST', '/v1/auth/token/revoke', { token: tokens.accessToken, body: { token: tokens.refreshToken }, expect: [200, 401] });
  }
}

/** The client's endpoint URL, null when it has none, undefined when the client is unknown. */
export async function webhookEndpointOf(api: ProviderApi, clientId: string): Promise<string | null | undefined> {
  const listed = await api.admin('listClients');
  const client = listed.data.find((known) => known.clientId === clientId);
  return client && (client.webhook?.url ?? null);
}
