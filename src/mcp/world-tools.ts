/** The tools that read a client's world, its outcome coverage and its audit, and arm, list and disarm its outcomes. */
import * as z from 'zod';
import { clientIdInput, defineTool, READ_ONLY, type McpTool } from './tool-kit.ts';
import { worldStatus } from './world-status.ts';
import { MAX_ARM_TIMES } from '../armed/arm-rules.ts';
import { SEVERITIES } from '../audit/audit-types.ts';

export const WORLD_TOOLS: readonly McpTool[] = [
  defineTool(
    'world_status',
    {
      title: "A client's world at a glance",
      description:
        "The client's clock, the scenario it runs under, its record counts, open payer prompts, pending webhook deliveries, armed outcomes and its latest failed requests. Start here to see where a test stands.",
      input: { clientId: clientIdInput },
      annotations: READ_ONLY,
    },
    ({ clientId }, { admin }) => worldStatus(admin, clientId),
  ),
  defineTool(
    'outcome_coverage',
    {
      title: 'Outcome catalogue with coverage',
      description:
        "Every outcome of the gateway (docs/outcomes.md: auth errors, order finals, payer reasons such as payer.INSUFFICIENT_BALANCE, webhook outcomes) with how to provoke it and whether the client has met and handled it. Use the ids with arm_outcome. `status` filters (handled, met, not-met).",
      input: { clientId: clientIdInput, status: z.enum(['handled', 'met', 'not-met']).optional().describe('Only the outcomes with this status.') },
      annotations: READ_ONLY,
    },
    async ({ clientId, status }, { admin }) => {
      const { data } = await admin('getCoverage', { query: { clientId } });
      return status ? { ...data, outcomes: data.outcomes.filter((outcome) => outcome.status === status) } : data;
    },
  ),
  defineTool(
    'audit_integration',
    {
      title: "Audit of how the client's integration behaves",
      description:
        "What the client's own code does wrong, read from its requests, webhook deliveries and drills (docs/audit.md): each finding with its rule id (token.churn, poll.tight, order.duplicate…), severity, one-line verdict, the evidence (request ids to read with the journal, the rule's numbers), why it matters in this gateway and how to fix it. `severity` keeps the findings at that level or above.",
      input: { clientId: clientIdInput, severity: z.enum(SEVERITIES).optional().describe('Only the findings at this severity or above (error, warning, info).') },
      annotations: READ_ONLY,
    },
    async ({ clientId, severity }, { admin }) => (await admin('getAudit', { path: { client_id: clientId }, query: severity === undefined ? {} : { severity } })).data,
  ),
  defineTool(
    'arm_outcome',
    {
      title: 'Arm an outcome',
      description:
        "Makes the client's next move meet an outcome of the catalogue: e.g. `payer.INSUFFICIENT_BALANCE` makes its next order fail with that payer reason. `times` moves meet it (default 1), then the world is as before. An outcome only the integration can cause (a bad body it sends) is refused, naming what to do instead.",
      input: {
        clientId: clientIdInput,
        outcome: z.string().min(1).max(100).describe('An outcome id of the catalogue (see outcome_coverage), e.g. payer.INSUFFICIENT_BALANCE.'),
        times: z.number().int().min(1).max(MAX_ARM_TIMES).default(1).describe('How many moves meet it.'),
        operation: z.string().min(1).max(200).optional().describe('For an outcome met on a request only: an operationId (createOrder) or a path pattern (/v1/orders/*).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ clientId, outcome, times, operation }, { admin }) =>
      (await admin('armOutcome', { path: { client_id: clientId }, body: { outcome, times, ...(operation === undefined ? {} : { operation }) } })).data,
  ),
  defineTool(
    'list_armed_outcomes',
    {
      title: 'List armed outcomes',
      description: "The outcomes armed for the client, oldest first: how many moves each has left, how often it fired and on which request or record.",
      input: { clientId: clientIdInput },
      annotations: READ_ONLY,
    },
    async ({ clientId }, { admin }) => (await admin('listArmedOutcomes', { path: { client_id: clientId } })).data,
  ),
  defineTool(
    'disarm_outcomes',
    {
      title: 'Disarm outcomes',
      description: 'Disarms one armed outcome by its id (from arm_outcome or list_armed_outcomes), or every outcome armed for the client when no id is given.',
      input: { clientId: clientIdInput, armedId: z.string().min(1).max(200).optional().describe('The armed outcome to disarm; omit to disarm them all.') },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    async ({ clientId, armedId }, { admin }) =>
      armedId === undefined
        ? (await admin('disarmAllOutcomes', { path: { client_id: clientId } })).data
        : (await admin('disarmOutcome', { path: { client_id: clientId, armed_id: armedId } })).data,
  ),
];
