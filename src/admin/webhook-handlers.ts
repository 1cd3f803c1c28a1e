/** Webhooks: a client's endpoint (set, remove), the deliveries with their attempts, and re-sending one. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handling/handler.ts';
import { okData } from '../handling/reply.ts';
import type { WebhookEndpoint } from '../webhooks/webhook-types.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import type { AdminContext } from './admin-context.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';

/** An endpoint as the admin API shows it: never the secret, only its last 4 characters. */
export function endpointView(clientId: string, endpoint: WebhookEndpoint) {
  return { clientId, url: endpoint.url, secretHint: endpoint.secret.slice(-4) };
}

export function webhookHandlers(admin: AdminContext) {
  const { webhooks } = admin;
  return {
    setClientWebhook(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      const { url, secret } = input.body;
      const problem = webhookUrlProblem(url, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
      if (problem) return failure('webhook_url_refused', { problem });
      webhooks.setEndpoint(clientId, { url, secret });
      return okData(endpointView(clientId, { url, secret }));
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
