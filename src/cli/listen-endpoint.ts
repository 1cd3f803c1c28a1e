/**
 * The webhook endpoint `listen` sets on a running mock, and the one it gives back: the client's endpoint before
 * (read with its secret from the state export, which only the admin API shows), the listener's, and the restore
 * that leaves alone an endpoint someone else set meanwhile. The endpoint before comes back with its URL, secret and
 * format; a secret rotation it was in (its previous secret) is not restored.
 */
import type { ProviderApi } from '../provider-states/provider-api.ts';

export interface Endpoint {
  url: string;
  secret: string;
  format?: 'mock' | 'standard';
}

/** The secret `listen` signs with when neither a flag nor an endpoint before gives one: documentation, not a secret. */
export const LISTEN_DEFAULT_SECRET = 'mock-listen-secret';

/** The client's endpoint now: `null` without one, `undefined` when the mock does not know the client. */
export async function currentEndpoint(api: ProviderApi, clientId: string): Promise<Endpoint | null | undefined> {
  const clients = (await api.admin('listClients')).data;
  if (!clients.some((client) => client.clientId === clientId)) return undefined;
  const state = (await api.admin('exportState')) as { webhooks?: { endpoints?: Record<string, Endpoint> } };
  const endpoint = state.webhooks?.endpoints?.[clientId];
  return endpoint ? { url: endpoint.url, secret: endpoint.secret, ...(endpoint.format && { format: endpoint.format }) } : null;
}

export async function setEndpoint(api: ProviderApi, clientId: string, endpoint: Endpoint): Promise<void> {
  await api.admin('setClientWebhook', { path: { client_id: clientId }, body: endpoint });
}

/**
 * Gives the client its endpoint before (or none), unless the endpoint is no longer the listener's: what someone set
 * while listen ran is theirs. Says what it did.
 */
export async function restoreEndpoint(api: ProviderApi, clientId: string, ours: string, before: Endpoint | null): Promise<string> {
  const now = await currentEndpoint(api, clientId);
  if (now === undefined) return `client ${clientId} is gone: nothing to restore`;
  if (now?.url !== ours) return `the endpoint of ${clientId} was changed meanwhile (${now === null ? 'removed' : now.url}): left as it is`;
  // Removed first: a PUT over the listener's endpoint would start a secret rotation, in which the listener's secret
  // went on signing beside the restored one.
  await api.admin('deleteClientWebhook', { path: { client_id: clientId } });
  if (before === null) return `removed the endpoint of ${clientId} (it had none before)`;
  await setEndpoint(api, clientId, before);
  return `restored the endpoint of ${clientId}: ${before.url}`;
}
