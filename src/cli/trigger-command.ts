/**
 * `commerce-mock trigger <event>`: makes a running mock send a real webhook, the way `stripe trigger` does. The
 * event's fixture creates what it needs through the API (a customer, an order, a subscription) with a client's
 * credentials, moves it through the admin API, and the mock's own webhook service sends the delivery to the
 * client's endpoint; the command prints what it created and the delivery's outcome. Exit 0 when delivered, 1
 * when not (or the API refused a request), 2 on a usage problem (unknown event, no endpoint, not a mock).
 */
import type { Command } from 'commander';
import { outcomeText } from '../provider-states/awaited-delivery.ts';
import { printable } from '../platform/printable.ts';
import { connectProvider, ProviderUnreachable, StateSetupError, type ProviderApi } from '../provider-states/provider-api.ts';
import { WEBHOOK_FIXTURES, webhookFixture, type WebhookFixture } from '../provider-states/webhook-fixtures.ts';
import { triggerWebhook, webhookEndpointOf } from '../provider-states/webhook-trigger.ts';
import { withExamples } from './help-text.ts';
import { applyOverrides } from './overrides.ts';
import { runningMockCommand } from './running-mock.ts';

export const DEFAULT_TRIGGER_URL = 'http://127.0.0.1:4010';

interface TriggerFlags {
  url: string;
  client?: string;
  clientSecret?: string;
  adminToken?: string;
  override: string[];
}

interface TriggerIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export function defineTriggerCommand(program: Command, io: TriggerIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'trigger', 'make a running mock send a real webhook: creates and moves what the event needs, prints the delivery', DEFAULT_TRIGGER_URL)
    .argument('<event>', `one of: ${WEBHOOK_FIXTURES.map((fixture) => fixture.event).join(', ')}`)
    .option('--client <id>', 'the client whose endpoint receives it (env COMMERCE_CLIENT_ID; default mock-client)')
    .option('--client-secret <secret>', 'its secret (env COMMERCE_CLIENT_SECRET; default mock-secret)')
    .option('--override <field=value>', 'a field of the created record (repeatable), e.g. customer.name=Ana or items.0.price=900', (value: string, all: string[]) => [...all, value], [])
    .action((event: string, flags: TriggerFlags) => run(trigger(event, flags, env, io)));
  withExamples(command, 'trigger', [
    'commerce-mock trigger order.paid',
    'commerce-mock trigger order.failed --override items.0.price=900',
    'commerce-mock trigger subscription.past_due --url http://127.0.0.1:4010 --client shop-two --client-secret …',
  ]);
}

async function trigger(event: string, flags: TriggerFlags, env: Record<string, string | undefined>, io: TriggerIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock trigger: ${printable(problem)}\n`), 2);
  const fixture = webhookFixture(event);
  if (!fixture) return usage(`unknown event "${event}"; one of: ${WEBHOOK_FIXTURES.map((known) => known.event).join(', ')}`);
  const body = applyOverrides(fixture.body(), flags.override);
  if (!body.ok) return usage(body.problem);
  const credentials = {
    clientId: flags.client ?? env['COMMERCE_CLIENT_ID'] ?? 'mock-client',
    clientSecret: flags.clientSecret ?? env['COMMERCE_CLIENT_SECRET'] ?? 'mock-secret',
  };
  let api: ProviderApi;
  try {
    api = await connectProvider({ baseUrl: flags.url, credentials, mode: 'auto', adminToken: flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'] });
  } catch (error) {
    if (error instanceof ProviderUnreachable) return usage(error.message);
    throw error;
  }
  if (!api.hasAdmin) return usage(`${flags.url} has no commerce-mock admin API (is it a running mock? does it need --admin-token?)`);
  const endpoint = await webhookEndpointOf(api, credentials.clientId);
  if (endpoint === undefined) return usage(`client ${credentials.clientId} is unknown to the mock at ${flags.url}`);
  if (endpoint === null) return usage(`client ${credentials.clientId} has no webhook endpoint: set one (PUT /__admin/clients/${credentials.clientId}/webhook or the config file)`);
  io.stdout(`trigger ${fixture.event} on ${flags.url} (client ${credentials.clientId}): ${fixture.description}\n`);
  try {
    return await runFixture(api, fixture, body.body, io);
  } catch (error) {
    if (!(error instanceof StateSetupError)) throw error;
    io.stderr(`commerce-mock trigger: ${printable(error.message)}\n`);
    return 1;
  }
}

async function runFixture(api: ProviderApi, fixture: WebhookFixture, body: Record<string, unknown>, io: TriggerIo): Promise<number> {
  const { delivery } = await triggerWebhook(api, fixture, body, (created) => {
    for (const made of created) io.stdout(`  ${made.kind} ${made.id}${made.status ? ` → ${made.status}` : ''}\n`);
  });
  if (!delivery) {
    io.stdout(`  no ${fixture.webhook.type} webhook was recorded (a scenario or the endpoint's removal may have stopped it)\n`);
    return 1;
  }
  io.stdout(`  webhook ${delivery.type} ${delivery.eventId} (${fixture.webhook.status}), delivery ${delivery.id} to ${printable(delivery.url)}: ${outcomeText(delivery)}\n`);
  return delivery.status === 'delivered' ? 0 : 1;
}
