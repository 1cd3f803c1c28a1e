/**
 * Tenants: a whole test world for one CI job in one call (a client with its own clock, scenario, webhook endpoint
 * and optionally seeded data), and its removal with everything it owns as one durable change. Everything asked for
 * is checked before anything is made, so a refused request leaves the mock as it was.
 */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { created, okData } from '../domain/reply.ts';
import { webhookSecretProblem } from '../domain/webhook-secret.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import { tenantDataset } from '../fake/tenant-dataset.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';
import { clientClockView } from './client-clock-handlers.ts';
import { setDeclaredWallets } from './scenario-wallets.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';

/** The dataset's seed when a tenant asks for data without one. */
const DEFAULT_TENANT_SEED = 1;

export function tenantHandlers(admin: AdminContext) {
  const { clients, clock, random, store } = admin.deps;
  return {
    async createTenant(input) {
      const body = input.body ?? {};
      const clientId = body.clientId ?? random.id('tenant');
      const clientSecret = body.clientSecret ?? random.token();
      if (clients.find(clientId)) return failure('duplicate_client', { clientId });
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
      const own = clock.own(clientId, body.clock?.frozenAt === undefined ? undefined : new Date(body.clock.frozenAt));
      if (body.scenario !== undefined) admin.scenarios.activate(body.scenario, clientId);
      if (body.webhook) admin.webhooks.setEndpoint(clientId, { url: body.webhook.url, secret, format });
      const written = body.seedData === 'default' ? tenantDataset(body.seed ?? DEFAULT_TENANT_SEED, clientId, own.nowMs()) : [];
      store.putMany(written);
      // The scenario's wallets, on the tenant's own clock (their times are its).
      const scenario = body.scenario === undefined ? undefined : admin.scenarios.library.get(body.scenario);
      const wallets = scenario ? setDeclaredWallets(admin.flows.wallets, scenario, clientId) : undefined;
      if (wallets && !wallets.ok) return wallets;
      const walletIds = wallets?.written.map((write) => write.record.id) ?? [];
      // The client, its clock, scenario and endpoint (meta) with its records and wallets: one durable change.
      await admin.apply({ written: [...written.map((write) => write.record.id), ...walletIds, ...admin.state.persist()] });
      return created({
        clientId,
        clientSecret,
        ...(body.name ? { name: body.name } : {}),
        clock: clientClockView(admin, clientId),
        ...(body.scenario !== undefined ? { scenario: body.scenario } : {}),
        ...(body.webhook ? { webhook: { url: body.webhook.url, format } } : {}),
        records: written.length,
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
