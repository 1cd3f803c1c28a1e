/** Webhooks: a client's endpoint (set, remove), the deliveries with their attempts, and re-sending one. */
import { failure } from '../errors/failures.ts';
import type { OperationInput } from '../handling/handler.ts';
import { okData } from '../handling/reply.ts';
import { formatOf } from '../webhooks/secret-rotation.ts';
import type { WebhookEndpoint, WebhookEndpointInput } from '../webhooks/webhook-types.ts';
import { webhookSecretProblem } from '../domain/webhook-secret.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import type { AdminContext } from './admin-context.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';

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
  const unknownClient = (clientId: string) => failure('not_found', { message: `Cliente desconhecido: ${clientId}` });
  return {
    setClientWebhook(input: OperationInput) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return unknownClient(clientId);
      const { url, secret, format } = input.body as WebhookEndpointInput;
      const problem = webhookUrlProblem(url, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
      if (problem) return failure('invalid_request', { message: `URL de webhook recusada: ${problem}`, details: [{ path: 'url', message: problem }] });
      const secretProblem = webhookSecretProblem(secret, format ?? 'mock');
      if (secretProblem) return failure('webhook_secret_refused', { details: [{ path: 'secret', message: secretProblem }] });
      const endpoint = webhooks.setEndpoint(clientId, { url, secret, ...(format ? { format } : {}) });
      return okData(endpointView(clientId, endpoint ?? { url, secret }));
    },
    deleteClientWebhook(input: OperationInput) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return unknownClient(clientId);
      webhooks.setEndpoint(clientId, null);
      return okData({ clientId, webhook: null });
    },
    listWebhookDeliveries(input: OperationInput) {
      const filter = Object.fromEntries(
        (['clientId', 'status', 'type'] as const).filter((name) => input.query[name] !== undefined).map((name) => [name, input.query[name]]),
      );
      return okData(webhooks.deliveries(filter));
    },
    async resendWebhookDelivery(input: OperationInput) {
      const id = input.params['delivery_id'] ?? '';
      const original = webhooks.delivery(id);
      if (!original) return failure('not_found', { message: `Entrega desconhecida: ${id}` });
      const resent = await webhooks.resend(id);
      if (!resent) return failure('not_found', { message: `O cliente ${original.clientId} não tem webhook configurado` });
      return okData(resent);
    },
  };
}
