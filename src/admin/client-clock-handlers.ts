/**
 * A client's own clock (a tenant's time): read, advance, set, freeze, resume, run until idle, and release (follow the
 * global clock again). The first move gives the client a clock of its own, from the global clock's reading; from
 * then on only this client's world moves with it, and the global clock's routes leave it alone.
 */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { okData, type Reply } from '../domain/reply.ts';
import type { Clock } from '../platform/clock.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';
import { CHANGE_FIELDS, followers, moveClock, type ClockChange, type FieldNames } from './clock-handlers.ts';
import { runUntilIdle } from './run-until-idle.ts';
import { activateWorld } from '../world/activate-world.ts';
import { clientClock } from '../world/worlds.ts';

/** What a client's clock reads, and whether it is its own. */
export function clientClockView(admin: AdminContext, clientId: string) {
  return { clientId, own: admin.deps.clock.ownOf(clientId) !== undefined, ...clientClock(admin.deps.clock, clientId).state() };
}

/** The client's own clock, given it through the one activation (world/activate-world.ts) if it has none yet. */
function ownClockOf(admin: AdminContext, clientId: string): Clock {
  activateWorld(admin.worldParts, { clientId, ownClock: {} });
  return admin.worlds.of(clientId).clock;
}

export function clientClockHandlers(admin: AdminContext) {
  const { clock, clients } = admin.deps;
  const clientOf = (input: OperationInput) => input.params['client_id'] ?? '';
  const change = async (input: OperationInput, wanted: ClockChange, fields: FieldNames = CHANGE_FIELDS): Promise<Reply> => {
    const clientId = clientOf(input);
    if (!clients.find(clientId)) return unknownClient(clientId);
    const created = clock.ownOf(clientId) === undefined;
    const own = ownClockOf(admin, clientId);
    const refused = await moveClock(admin, own, [clientId], wanted, fields);
    // A refused first move leaves the client as it was: following the global clock.
    if (refused && created) clock.release(clientId);
    return refused ?? okData(clientClockView(admin, clientId));
  };
  const idle = async (clientId: string, run: (own: Clock) => ReturnType<typeof runUntilIdle>): Promise<Reply> => {
    if (!clients.find(clientId)) return unknownClient(clientId);
    return okData(await run(ownClockOf(admin, clientId)));
  };
  return {
    getClientClock(input) {
      const clientId = clientOf(input);
      return clients.find(clientId) ? okData(clientClockView(admin, clientId)) : unknownClient(clientId);
    },
    advanceClientClock: (input) => change(input, { advanceSeconds: input.body.seconds }, { ...CHANGE_FIELDS, advanceSeconds: 'seconds' }),
    setClientClock: (input) => change(input, { set: input.body.at }, { ...CHANGE_FIELDS, set: 'at' }),
    freezeClientClock: (input) => change(input, { freeze: true }),
    resumeClientClock: (input) => change(input, { freeze: false }),
    async releaseClientClock(input) {
      const clientId = clientOf(input);
      if (!clients.find(clientId)) return unknownClient(clientId);
      clock.release(clientId);
      await admin.apply({ written: admin.state.persist() });
      await admin.tick();
      return okData(clientClockView(admin, clientId));
    },
    runClientClockUntilIdle: (input) => idle(clientOf(input), (own) => runUntilIdle(admin, own, [clientOf(input)], input.body.maxSeconds)),
    runGlobalClockUntilIdle: async (input) => okData(await runUntilIdle(admin, clock, followers(admin), input.body.maxSeconds)),
  } satisfies Partial<AdminHandlerTable>;
}
