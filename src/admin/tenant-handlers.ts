/**
 * Tenants: a whole test world for one CI job in one call (a client with its own clock, scenario, webhook endpoint
 * and optionally seeded data), and its removal with everything it owns as one durable change. Everything asked for
 * is checked before anything is made, so a refused request leaves the mock as it was.
 */
import { failure } from '../errors/failures.ts';
import { clockInstantMs, OUTSIDE_CLOCK_RANGE } from '../platform/clock.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { created, okData } from '../domain/reply.ts';
import { webhookSecretProblem } from '../domain/webhook-secret.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';
import { clientClockView } from './client-clock-handlers.ts';
import { activateWorld } from '../world/activate-world.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';

/** The dataset's seed when a tenant asks for data without one. */
const DEFAULT_TENANT_SEED = 1;

export function tenantHandlers(admin: AdminContext) {
  const { clients, random } = admin.deps;
  return {
    async createTenant(input) {
      const body = input.body ?? {};
      const clientId = body.clientId ?? random.id('tenant');
      const clientSecret = body.clientSecret ?? random.token();
      if (clients.find(clientId)) return failure('duplicate_client', { clientId });
      const frozenAtMs = body.clock?.frozenAt === undefined ? undefined : clockInstantMs(body.clock.frozenAt);
      if (body.clock?.frozenAt !== undefined && frozenAtMs === undefined) return failure('clock_refused', { field: 'clock.frozenAt', problem: OUTSIDE_CLOCK_RANGE });
      if (body.scenario !== undefined && !admin.scenarios.library.list().some((scenario) => scenario.name === body.scenario)) {
        return failure('tenant_scenario_refused', { name: body.scenario });
      }
      const format = body.webhook?.format ?? 'mock';
      const secret = body.webhook?.secret ?? (format === 'standard' ? `whsec_${Buffer.from(random.token()).toString('base64')}` : random.token());
      if (body.webhook) {
        const problem = webhookUrlProblem(body.webhook.url, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
        if (problem) return failure('webhook_url_refused', { problem });
        const secretProblem = webhookSecretProblem(secret, format);
        if (secretProblem) return failure('webhook_secret_refused', { problem: secretProblem });
      }
      clients.add({ clientId, clientSecret, active: true, ...(body.name ? { name: body.name } : {}) });
      const world = activateWorld(admin.worldParts, {
        clientId,
        ownClock: frozenAtMs === undefined ? {} : { frozenAt: new Date(frozenAtMs) },
        ...(body.scenario !== undefined ? { scenario: body.scenario } : {}),
        ...(body.webhook ? { endpoint: { url: body.webhook.url, secret, format } } : {}),
        ...(body.seedData === 'default' ? { seedDataset: body.seed ?? DEFAULT_TENANT_SEED } : {}),
      });
      if (!world.ok) {
        // A refusal this late takes back what was made: the mock is left as it was.
        await admin.state.removeClient(clientId);
        return world;
      }
      const records = world.value.records;
      // The client, its clock, scenario and endpoint (meta) with its records and wallets: one durable change.
      await admin.apply({ written: [...world.written.map((write) => write.record.id), ...admin.state.persist()] });
      return created({
        clientId,
        clientSecret,
        ...(body.name ? { name: body.name } : {}),
        clock: clientClockView(admin, clientId),
        ...(body.scenario !== undefined ? { scenario: body.scenario } : {}),
        ...(body.webhook ? { webhook: { url: body.webhook.url, format } } : {}),
        records,
      });
    },
    async deleteTenant(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!clients.find(clientId)) return unknownClient(clientId);
      const records = await admin.state.removeClient(clientId);
      return okData({ clientId, deleted: true, records });
    },
  } satisfies Partial<AdminHandlerTable>;
}
