/**
 * Clients while the mock runs: list, create, deactivate, reactivate, their credentials (the console exchanges them
 * for a token through the API) and their tokens (list, revoke, expire).
 */
import { failure, type Failure } from '../errors/failures.ts';
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { created, okData, type Reply } from '../domain/reply.ts';
import type { ClientEntry, ClientInput } from '../clients/client-registry.ts';
import type { AdminContext } from './admin-context.ts';
import { endpointView } from './webhook-handlers.ts';

export function unknownClient(clientId: string | undefined): Failure {
  return failure('unknown_client', { clientId: String(clientId) });
}

export function clientHandlers(admin: AdminContext) {
  const { clients } = admin.deps;
  const view = (client: Readonly<ClientEntry>) => {
    const active = admin.scenarios.status().clients;
    // Own entries only: a client named `__proto__` or `constructor` has no scenario unless one was activated for it.
    const scenario = Object.hasOwn(active, client.clientId) ? active[client.clientId] : undefined;
    const endpoint = admin.webhooks.endpoint(client.clientId);
    return {
      clientId: client.clientId,
      ...(client.name ? { name: client.name } : {}),
      active: client.active,
      activeTokens: admin.flows.tokens.list(admin.worlds.of(client.clientId)).length,
      ...(scenario ? { scenario } : {}),
      ...(endpoint ? { webhook: endpointView(client.clientId, endpoint) } : {}),
    };
  };
  const setActive = (input: OperationInput, active: boolean): Reply => {
    const client = clients.setActive(input.params['client_id'] ?? '', active);
    return client ? okData(view(client)) : unknownClient(input.params['client_id']);
  };
  const withdraw = async (input: OperationInput, how: 'revokeAll' | 'expireAll'): Promise<Reply> => {
    const clientId = input.params['client_id'] ?? '';
    if (!clients.find(clientId)) return unknownClient(clientId);
    const outcome = admin.flows.tokens[how](admin.worlds.of(clientId));
    await admin.apply(outcome);
    return okData({ clientId, count: outcome.ok ? outcome.value.count : 0 });
  };
  return {
    listClients: () => okData(clients.list().map(view)),
    createClient(input) {
      const { body } = input;
      const entry: ClientInput = { clientId: body.clientId, clientSecret: body.clientSecret, active: body.active ?? true, name: body.name };
      if (!clients.add(entry)) return failure('duplicate_client', { clientId: body.clientId });
      return created(view(clients.find(body.clientId) as ClientEntry));
    },
    deactivateClient: (input) => setActive(input, false),
    reactivateClient: (input) => setActive(input, true),
    getClientCredentials(input) {
      const client = clients.find(input.params['client_id'] ?? '');
      if (!client) return unknownClient(input.params['client_id']);
      // Only its hash survived a restart (or came with an imported state): the secret is nowhere to be read.
      if (client.clientSecret === undefined) return failure('secret_not_kept', { clientId: client.clientId });
      return okData({ clientId: client.clientId, clientSecret: client.clientSecret });
    },
    listClientTokens(input) {
      const clientId = input.params['client_id'] ?? '';
      return clients.find(clientId) ? okData(admin.flows.tokens.list(admin.worlds.of(clientId))) : unknownClient(clientId);
    },
    revokeClientTokens: (input) => withdraw(input, 'revokeAll'),
    expireClientTokens: (input) => withdraw(input, 'expireAll'),
  } satisfies Partial<AdminHandlerTable>;
}
