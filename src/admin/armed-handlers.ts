/**
 * A client's armed outcomes (`/__admin/clients/{client_id}/armed…`, src/armed/): arm one by its catalogue id for the
 * client's next move, list them with their counts, disarm one or all. Times are the client's world's.
 */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { created, okData, replyOf, type Reply } from '../domain/reply.ts';
import type { World } from '../deps/world.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';
import { armedView } from '../armed/met-by.ts';

export function armedHandlers(admin: AdminContext) {
  const { clients } = admin.deps;
  const { armed } = admin;
  const inWorld = async (input: OperationInput, act: (world: World) => Reply | Promise<Reply>): Promise<Reply> => {
    const clientId = input.params['client_id'] ?? '';
    if (!clients.find(clientId)) return unknownClient(clientId);
    return act(admin.worlds.of(clientId));
  };
  return {
    listArmedOutcomes: (input) => inWorld(input, (world) => okData(armed.list(world.clientId).map(armedView))),
    armOutcome: (input) =>
      inWorld(input, async (world) => {
        const outcome = armed.arm(world, input.body);
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        return replyOf(outcome, (record) => created(armedView(record)));
      }),
    disarmAllOutcomes: (input) =>
      inWorld(input, async (world) => {
        const outcome = armed.disarmAll(world.clientId);
        await admin.apply(outcome);
        return replyOf(outcome, (value) => okData(value));
      }),
    disarmOutcome: (input) =>
      inWorld(input, async (world) => {
        const outcome = armed.disarm(world.clientId, input.params['armed_id'] ?? '');
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        return replyOf(outcome, (record) => okData(armedView(record)));
      }),
  } satisfies Partial<AdminHandlerTable>;
}
