/** Webhooks: a client's endpoint (set, remove), the deliveries with their attempts, and re-sending one. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import { formatOf } from '../webhooks/secret-rotation.ts';
import type { WebhookEndpoint, WebhookEndpointInput } from '../webhooks/webhook-types.ts';
import { webhookSecretProblem } from '../domain/webhook-secret.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import type { AdminContext } from './admin-context.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';
import { activateWorld } from '../world/activate-world.ts';

/** An endpoint as the admin API shows it: never a secret, only the last 4 characters of the current one. */
export function endpointView(clientId: string, endpoint: WebhookEndpoint) {
  return {
    clientId,
    url: endpoint.url,
    format: formatOf(endpoint),
    secretHint: endpoint.secret.slice(-4),
    ...(endpoint.previousSecretExpiresAt ? { previousSecretExpiresAt: endpoint.previousSecretExpiresAt } : {}),
  };
}

export function webhookHandlers(admin: AdminContext) {
  const { webhooks } = admin;
  return {
    setClientWebhook(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      const { url, secret, format } = input.body;
      const problem = webhookUrlProblem(url, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
      if (problem) return failure('webhook_url_refused', { problem });
      const secretProblem = webhookSecretProblem(secret, format ?? 'mock');
      if (secretProblem) return failure('webhook_secret_refused', { problem: secretProblem });
      // Through the one activation (world/activate-world.ts), as a tenant's endpoint is set.
      activateWorld(admin.worldParts, { clientId, endpoint: { url, secret, ...(format ? { format } : {}) } });
      return okData(endpointView(clientId, webhooks.endpoint(clientId) ?? { url, secret }));
    },
    deleteClientWebhook(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      webhooks.setEndpoint(clientId, null);
      return okData({ clientId, webhook: null });
    },
    listWebhookDeliveries(input) {
      const filter = Object.fromEntries(
        (['clientId', 'status', 'type'] as const).filter((name) => input.query[name] !== undefined).map((name) => [name, input.query[name]]),
      );
      return okData(webhooks.deliveries(filter));
    },
    async resendWebhookDelivery(input) {
      const id = input.params['delivery_id'] ?? '';
      const original = webhooks.delivery(id);
      if (!original) return failure('unknown_delivery', { deliveryId: id });
      const resent = await webhooks.resend(id);
      if (!resent) return failure('no_webhook', { clientId: original.clientId });
      return okData(resent);
    },
  } satisfies Partial<AdminHandlerTable>;
}
