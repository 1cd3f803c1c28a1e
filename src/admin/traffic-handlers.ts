/** What a client's traffic becomes: a consumer pact of what its integration did, and a HAR of the journal's exchanges. */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import { packageVersion } from '../platform/package-files.ts';
import type { JournalFilter } from '../state/request-journal.ts';
import type { Delivery } from '../webhooks/webhooks.ts';
import { harOf } from '../traffic/traffic-har.ts';
import { pactFromTraffic } from '../traffic/traffic-pact.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

const acknowledged = (delivery: Delivery) => delivery.attempts.some((attempt) => attempt.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300);

const HAR_FILTERS = ['clientId', 'operationId', 'since', 'until'] as const;

export function trafficHandlers(admin: AdminContext) {
  const text = (input: OperationInput, name: string) => (typeof input.query[name] === 'string' ? (input.query[name] as string) : undefined);
  return {
    recordClientPact(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return unknownClient(clientId);
      const names = { consumer: text(input, 'consumer') ?? clientId, provider: text(input, 'provider') ?? 'commerce-api' };
      // The webhooks its receiver acknowledged, oldest first.
      const received = admin.webhooks.deliveries({ clientId }).filter(acknowledged).reverse();
      return okData(pactFromTraffic(admin.journal.details({ clientId }), received, names, packageVersion()));
    },
    exportRequestsHar(input) {
      const clientId = text(input, 'clientId');
      if (clientId !== undefined && !admin.deps.clients.find(clientId)) return unknownClient(clientId);
      const filter = Object.fromEntries(HAR_FILTERS.filter((name) => input.query[name] !== undefined).map((name) => [name, input.query[name]])) as JournalFilter;
      return { ok: true as const, status: 200, body: harOf(admin.journal.details(filter), input.context.baseUrl, packageVersion()) };
    },
  } satisfies Partial<AdminHandlerTable>;
}
