/**
 * Webhook drills (`/__admin/drills`): a drill is started against a receiver and read back while it runs. The
 * drills live with this app's admin handlers (one set per app); what they send is judged in `drills/`.
 */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import { webhookSecretProblem } from '../domain/webhook-secret.ts';
import { webhookUrlProblem } from '../domain/webhook-url.ts';
import { silentLogger } from '../platform/log.ts';
import { freshSeed } from '../platform/random.ts';
import { createDrills, type Drills } from '../drills/drills.ts';
import { formatOf } from '../webhooks/secret-rotation.ts';
import type { AdminContext } from './admin-context.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';

export const DEFAULT_DRILL_CLIENT = 'mock-client';
export const DEFAULT_DRILL_TIMEOUT_SECONDS = 5;

export function drillHandlers(admin: AdminContext, drills: Drills = createDrillsOf(admin)) {
  return {
    startDrill(input) {
      const { url, clientId = DEFAULT_DRILL_CLIENT, format, secret, timeoutSeconds = DEFAULT_DRILL_TIMEOUT_SECONDS, seed = freshSeed() } = input.body;
      if (!admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      const urlProblem = webhookUrlProblem(url, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
      if (urlProblem) return failure('webhook_url_refused', { problem: urlProblem });
      // Read only: the drill signs with the endpoint's secret and format, and leaves the endpoint as it is.
      const endpoint = admin.webhooks.endpoint(clientId);
      const signedWith = secret ?? endpoint?.secret;
      if (signedWith === undefined) return failure('drill_secret_missing', { clientId });
      const drillFormat = format ?? (endpoint ? formatOf(endpoint) : 'standard');
      const secretProblem = webhookSecretProblem(signedWith, drillFormat);
      if (secretProblem) return failure('webhook_secret_refused', { problem: secretProblem });
      const started = drills.start({ url, clientId, format: drillFormat, secret: signedWith, timeoutSeconds, seed });
      if ('drill' in started) return okData(started.drill, 202);
      const { scope, running, max, retryAfterSeconds } = started.busy;
      const headers = { headers: { 'Retry-After': String(retryAfterSeconds) } };
      return scope === 'client' ? failure('drills_busy_client', { running, max, clientId }, headers) : failure('drills_busy_all', { running, max }, headers);
    },
    getDrill(input) {
      const id = input.params['drill_id'] ?? '';
      const drill = drills.get(id);
      return drill ? okData(drill) : failure('unknown_drill', { drillId: id });
    },
  } satisfies Partial<AdminHandlerTable>;
}

export function createDrillsOf(admin: AdminContext): Drills {
  return createDrills({ random: admin.deps.random, clockOf: (clientId) => admin.worlds.of(clientId).clock, logger: admin.deps.logger ?? silentLogger });
}
