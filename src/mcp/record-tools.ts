/**
 * The tools that read what happened to a client: its journal of API requests (searched, and one entry opened with
 * its bodies, secrets masked) and an order's story. An entry or an order of another client is not found.
 */
import * as z from 'zod';
import { clientIdInput, defineTool, READ_ONLY, ToolRefusal, type McpTool } from './tool-kit.ts';

export const RECORD_TOOLS: readonly McpTool[] = [
  defineTool(
    'search_journal',
    {
      title: 'Search the request journal',
      description:
        "The client's API requests the mock served, newest first: method, path, status, error code, the operation and scenario. Filter by operationId (createOrder), method, path pattern (/v1/orders/*, ** for any segments) or exact status. Open one with open_journal_entry.",
      input: {
        clientId: clientIdInput,
        operationId: z.string().min(1).max(100).optional().describe('An operationId of spec/openapi.yaml, e.g. createOrder.'),
        method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).optional(),
        path: z.string().min(1).max(300).regex(/^\//).optional().describe('A path pattern: * within a segment, ** any segments.'),
        status: z.number().int().min(0).max(599).optional().describe('Exact status (0: a connection a scenario dropped).'),
        limit: z.number().int().min(1).max(1000).default(20),
      },
      annotations: READ_ONLY,
    },
    async ({ clientId, ...filters }, { admin }) => {
      const { data, total } = await admin('listRequests', { query: { clientId, ...filters } });
      return { total, entries: data };
    },
  ),
  defineTool(
    'open_journal_entry',
    {
      title: 'Open a journal entry',
      description: "One request of the client's journal by its request id (X-Request-Id): the request's and the response's headers and bodies, every secret masked.",
      input: { clientId: clientIdInput, requestId: z.string().min(1).max(200) },
      annotations: READ_ONLY,
    },
    async ({ clientId, requestId }, { admin }) => {
      const { data } = await admin('getRequest', { path: { request_id: requestId } });
      // The journal is the mock's; an entry of another client is as unknown to this one as an entry never made.
      if (data.clientId !== clientId) throw new ToolRefusal(`not_found: no request ${requestId} in the journal of client ${clientId}`);
      return data;
    },
  ),
  defineTool(
    'order_story',
    {
      title: "An order's story",
      description:
        "Everything the mock knows of one order of the client, oldest first: each API request that touched it, each status change and why (a failure's payer reason included), the payer's prompt, wallet lines, its payment and each webhook delivery with the receiver's answers.",
      input: { clientId: clientIdInput, orderId: z.string().min(1).max(200).regex(/^[\x21-\x7E]+$/) },
      annotations: READ_ONLY,
    },
    async ({ clientId, orderId }, { admin }) => (await admin('getOrderStory', { path: { order_id: orderId }, query: { clientId } })).data,
  ),
];
