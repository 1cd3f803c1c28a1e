/**
 * The tools that make and unmake worlds: create a tenant (a fresh client with its own clock, scenario, endpoint and
 * data), delete one, and reset a client's records or, when asked by name, the whole mock. A client secret is never
 * part of an answer: a tenant's is the one the caller chose, or read where the admin API shows it.
 */
import * as z from 'zod';
import { clientIdInput, defineTool, DEFAULT_CLIENT_ID, type McpTool } from './tool-kit.ts';

export const TENANT_TOOLS: readonly McpTool[] = [
  defineTool(
    'create_tenant',
    {
      title: 'Create a tenant',
      description:
        'A fresh client with a world of its own: its own clock (running, or frozen at `frozenAt`), scenario, webhook endpoint and data (`seedData: default` seeds the dataset). Give `clientSecret` to choose the secret the integration will use: the answer never shows it.',
      input: {
        // The values the admin API judges (an id, an instant, a URL) are passed on as given: refused there, they are
        // refused as every other door refuses them (invalid_request, naming the field), not by a schema of the tool's own.
        clientId: z.string().optional().describe('Its id (generated when omitted): 1 to 200 printable ASCII characters, never `.` or `..`.'),
        clientSecret: z.string().min(1).max(200).optional().describe('Its secret (generated when omitted; never shown back).'),
        name: z.string().max(200).optional(),
        frozenAt: z.string().optional().describe("Start the tenant's clock frozen at this instant (ISO 8601 with an offset, 1970 to 9000)."),
        scenario: z.string().min(1).max(100).optional().describe('A scenario to activate for it.'),
        webhookUrl: z.string().optional().describe('Its webhook endpoint (the rules of PUT /__admin/clients/{id}/webhook).'),
        webhookSecret: z.string().min(1).max(200).optional().describe("The endpoint's signing secret (never shown back)."),
        webhookFormat: z.enum(['mock', 'standard']).optional(),
        seedData: z.enum(['default', 'none']).default('none').describe('default: seed the dataset for it; none: empty.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ frozenAt, webhookUrl, webhookSecret, webhookFormat, ...fields }, { admin }) => {
      const body = {
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(frozenAt === undefined ? {} : { clock: { frozenAt } }),
        ...(webhookUrl === undefined ? {} : { webhook: { url: webhookUrl, ...(webhookSecret === undefined ? {} : { secret: webhookSecret }), ...(webhookFormat === undefined ? {} : { format: webhookFormat }) } }),
      };
      const { clientSecret: _secret, ...tenant } = (await admin('createTenant', { body })).data;
      return tenant;
    },
  ),
  defineTool(
    'delete_tenant',
    {
      title: 'Delete a tenant',
      description: 'Removes a client and everything it owns (records, tokens, deliveries, journal entries, clock, scenario, endpoint) in one change. The client must be named.',
      input: { clientId: z.string().min(1).max(200).describe('The client to remove.') },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    async ({ clientId }, { admin }) => (await admin('deleteTenant', { path: { client_id: clientId } })).data,
  ),
  defineTool(
    'reset',
    {
      title: 'Reset',
      description: `Drops the client's records (orders, subscriptions, payments, wallets…) and keeps its tokens and rate windows. With \`everything: true\`, the whole mock goes back to how it started instead: every client's records, scenarios, journal, tenants and the clock (clientId is then ignored).`,
      input: {
        clientId: clientIdInput,
        everything: z.boolean().default(false).describe(`Reset the whole mock, every client's world (not only ${DEFAULT_CLIENT_ID}'s or the one named).`),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    async ({ clientId, everything }, { admin }) => (await admin('reset', { body: everything ? {} : { clientId } })).data,
  ),
];
