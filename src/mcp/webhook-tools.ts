/**
 * The tools that exercise a client's webhooks: trigger a real delivery to its endpoint, as `commerce-mock trigger`
 * does (provider-states/webhook-trigger.ts), and run a drill of signed deliveries against a receiver, as
 * `commerce-mock drill` does (`POST /__admin/drills`).
 */
import * as z from 'zod';
import { monotonicMs } from '../platform/clock.ts';
import { outcomeText } from '../provider-states/awaited-delivery.ts';
import { WEBHOOK_FIXTURES, webhookFixture } from '../provider-states/webhook-fixtures.ts';
import { triggerWebhook, webhookEndpointOf } from '../provider-states/webhook-trigger.ts';
import { clientIdInput, defineTool, ToolRefusal, type McpTool } from './tool-kit.ts';

const EVENTS = WEBHOOK_FIXTURES.map((fixture) => fixture.event) as [string, ...string[]];
/** Real seconds a drill is waited for before the tool answers with the drill as it stands (MCP clients time out at 60). */
const DRILL_WAIT_SECONDS = 45;
const DRILL_POLL_MS = 200;

export const WEBHOOK_TOOLS: readonly McpTool[] = [
  defineTool(
    'trigger_webhook',
    {
      title: 'Trigger a webhook',
      description: `Makes the mock send a real webhook to the client's endpoint: creates what the event needs through the API (a customer, an order, a subscription) with the client's credentials, moves it, and waits for the delivery's first attempt. Events: ${EVENTS.join(', ')}.`,
      input: { clientId: clientIdInput, event: z.enum(EVENTS).describe('The event to send.') },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ clientId, event }, context) => {
      const fixture = webhookFixture(event);
      if (!fixture) throw new ToolRefusal(`unknown event ${event}; one of: ${EVENTS.join(', ')}`);
      const { data: credentials } = await context.admin('getClientCredentials', { path: { client_id: clientId } });
      const api = context.provider(credentials);
      if ((await webhookEndpointOf(api, clientId)) === null) {
        throw new ToolRefusal(`client ${clientId} has no webhook endpoint: set one first (PUT /__admin/clients/${clientId}/webhook, or create_tenant with webhookUrl)`);
      }
      const { created, delivery } = await triggerWebhook(api, fixture, fixture.body());
      if (!delivery) return { event, created, delivery: null, note: 'no delivery was recorded (a scenario or the removal of the endpoint may have stopped it)' };
      const { id, type, eventId, url, status, attempts } = delivery;
      return { event, created, delivery: { id, type, eventId, url, status, attempts, outcome: outcomeText(delivery) } };
    },
  ),
  defineTool(
    'run_drill',
    {
      title: 'Run a webhook drill against a receiver',
      description: `Sends a receiver a seeded series of signed deliveries (valid, duplicate, forged, stale, …) and judges each answer. Starts a drill with \`url\`, or reads a running one with \`drillId\`. Waits up to ${DRILL_WAIT_SECONDS} s; a drill still running then is answered as it stands (read it again with its id). The secret and format are the client's endpoint's unless given.`,
      input: {
        clientId: clientIdInput,
        url: z.string().url().max(2000).regex(/^https?:\/\//).optional().describe("The receiver's URL (to start a drill)."),
        drillId: z.string().min(1).max(200).optional().describe('A drill started before, to read again.'),
        format: z.enum(['mock', 'standard']).optional().describe('How deliveries are signed.'),
        secret: z.string().min(8).max(200).optional().describe('The secret the receiver verifies with (never shown back).'),
        seed: z.number().int().min(0).max(2_147_483_647).optional(),
        timeoutSeconds: z.number().min(0.05).max(60).optional().describe('Seconds the receiver has to answer each delivery (default 5).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ clientId, url, drillId, ...options }, { admin }) => {
      if ((url === undefined) === (drillId === undefined)) throw new ToolRefusal('give either url (to start a drill) or drillId (to read one), not both');
      const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
      let drill = url === undefined ? (await admin('getDrill', { path: { drill_id: drillId ?? '' } })).data : (await admin('startDrill', { body: { url, clientId, ...given } })).data;
      if (drill.clientId !== clientId) throw new ToolRefusal(`not_found: no drill ${drillId ?? ''} of client ${clientId}`);
      const deadline = monotonicMs() + DRILL_WAIT_SECONDS * 1000;
      while (drill.status === 'running' && monotonicMs() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, DRILL_POLL_MS));
        drill = (await admin('getDrill', { path: { drill_id: drill.id } })).data;
      }
      return drill;
    },
  ),
];
