/**
 * The admin client's armed outcomes (`outcomes`, docs/arming.md): arm an outcome of the catalogue for a client's next
 * move, list what is armed, disarm one or all. A call that names no client acts on the client's default one.
 */
import type { AdminSend, RequestOf } from '../admin-http/admin-transport.ts';
import type { ArmableOutcomeId } from '../armed/armable-ids.ts';
import type { components } from '../generated/admin-types.gen.ts';

type ArmedOutcome = components['schemas']['ArmedOutcome'];

export interface ArmOptions {
  /** The client whose next move meets it; the admin client's default client when absent. */
  clientId?: string;
  /** How many of its moves meet it (1 to 100; 1 by default). */
  times?: number;
  /** Only for an outcome met on a request: an operationId (`createOrder`) or a path pattern (`/v1/orders/*`). */
  operation?: string;
}

export function outcomeMethods(send: AdminSend, defaultClientId: string) {
  const data = <T>(answer: Promise<{ data: T }>): Promise<T> => answer.then((body) => body.data);
  const client = (clientId: string | undefined) => ({ client_id: clientId ?? defaultClientId });
  /** Disarms every one of the client's armed outcomes (resolves to how many), or the one `armedId` names (resolves to it). */
  function disarm(clientId?: string): Promise<number>;
  function disarm(clientId: string | undefined, armedId: string): Promise<ArmedOutcome>;
  function disarm(clientId?: string, armedId?: string): Promise<number | ArmedOutcome> {
    if (armedId === undefined) return data(send('disarmAllOutcomes', { path: client(clientId) })).then(({ disarmed }) => disarmed);
    return data(send('disarmOutcome', { path: { ...client(clientId), armed_id: armedId } }));
  }
  return {
    /** Arms `outcome` for the client's next move; resolves to the armed outcome (its `id` disarms it). */
    arm: (outcome: ArmableOutcomeId, { clientId, times = 1, operation }: ArmOptions = {}) => {
      const body: RequestOf<'armOutcome'>['body'] = { outcome, times, ...(operation !== undefined && { operation }) };
      return data(send('armOutcome', { path: client(clientId), body }));
    },
    /** The client's armed outcomes, oldest first, with how many times each fired (spent ones until disarmed). */
    armed: (clientId?: string) => data(send('listArmedOutcomes', { path: client(clientId) })),
    disarm,
  };
}
