/**
 * A client's network profile (`/__admin/clients/{client_id}/network-profile`, src/armed/network-profiles.ts): apply
 * one by name or whole, read it with the stage of its ramp the client's clock is in, remove it; and the profiles
 * that can be applied (`/__admin/network-profiles`). Times are the client's world's.
 */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { failure } from '../errors/failures.ts';
import { okData, type Reply } from '../domain/reply.ts';
import type { World } from '../deps/world.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';
import { networkProfileApplyRule, type ApplyBody } from '../armed/network-profile-rules.ts';

export function networkProfileHandlers(admin: AdminContext) {
  const { clients } = admin.deps;
  const { networkProfiles, profileLibrary } = admin;
  const inWorld = (input: OperationInput, act: (world: World) => Reply): Reply => {
    const clientId = input.params['client_id'] ?? '';
    if (!clients.find(clientId)) return unknownClient(clientId);
    return act(admin.worlds.of(clientId));
  };
  return {
    listNetworkProfiles: () => okData(profileLibrary.list().map(({ name, description, source, stages }) => ({ name, ...(description !== undefined && { description }), source, stages }))),
    getNetworkProfile: (input) =>
      inWorld(input, (world) => {
        const view = networkProfiles.view(world);
        return view ? okData(view) : failure('no_network_profile', { clientId: world.clientId });
      }),
    applyNetworkProfile: (input) =>
      inWorld(input, (world) => {
        const rule = networkProfileApplyRule(profileLibrary, input.body as ApplyBody);
        return rule.ok ? okData(networkProfiles.apply(world, rule.input)) : rule;
      }),
    removeNetworkProfile: (input) => inWorld(input, (world) => okData({ removed: networkProfiles.remove(world.clientId) })),
  } satisfies Partial<AdminHandlerTable>;
}
