/**
 * The tools that move time and change the rules of a client's world: its clock (or, when asked by name, the global
 * clock every client without a clock of its own follows), running it until nothing is due, and its scenario.
 */
import * as z from 'zod';
import { clientIdInput, defineTool, ToolRefusal, type McpTool } from './tool-kit.ts';

const globalInput = z
  .boolean()
  .default(false)
  .describe("Act on the global clock instead, which moves every client that has no clock of its own (clientId is then ignored).");
const CENTURY_SECONDS = 3_155_760_000;

export const CLOCK_TOOLS: readonly McpTool[] = [
  defineTool(
    'move_clock',
    {
      title: 'Move the clock',
      description:
        "Moves the client's own clock forward by `seconds`, or puts it at the instant `at` (ISO 8601); whatever comes due (an order's next step, a payer prompt expiring, a subscription charge, a webhook retry) happens before the answer. The client gets a clock of its own on first use. With `global: true`, the global clock instead.",
      input: {
        clientId: clientIdInput,
        global: globalInput,
        seconds: z.number().min(0).max(CENTURY_SECONDS).optional().describe('Seconds to move forward.'),
        // Judged by the admin API, as every door judges an instant (invalid_request naming `at`).
        at: z.string().optional().describe('The instant the clock reads from now on (ISO 8601 with an offset, 1970 to 9000, e.g. 2030-01-01T00:00:00Z).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ clientId, global, seconds, at }, { admin }) => {
      if ((seconds === undefined) === (at === undefined)) throw new ToolRefusal('give either seconds (to move forward) or at (an instant), not both');
      const path = { client_id: clientId };
      if (at !== undefined) return (global ? await admin('setClock', { body: { at } }) : await admin('setClientClock', { path, body: { at } })).data;
      const body = { seconds: seconds ?? 0 };
      return (global ? await admin('advanceClock', { body }) : await admin('advanceClientClock', { path, body })).data;
    },
  ),
  defineTool(
    'run_until_idle',
    {
      title: 'Run the clock until idle',
      description:
        "Moves the client's clock from one due moment to the next (order steps, prompt expiries, subscription charges, webhook retries), making what is due each time, until nothing more is due within `maxSeconds`. With `global: true`, the global clock and the clients that follow it.",
      input: {
        clientId: clientIdInput,
        global: globalInput,
        maxSeconds: z.number().min(0).max(CENTURY_SECONDS).default(86_400).describe('How far the clock may go at most (default a day).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ clientId, global, maxSeconds }, { admin }) =>
      (global
        ? await admin('runGlobalClockUntilIdle', { body: { maxSeconds } })
        : await admin('runClientClockUntilIdle', { path: { client_id: clientId }, body: { maxSeconds } })
      ).data,
  ),
  defineTool(
    'activate_scenario',
    {
      title: 'Activate a scenario',
      description:
        "Makes the client's world run under a scenario (docs/scenarios.md: e.g. slow-payment, token-expiry, webhooks-failing); its rule counters start from zero. With `global: true`, every client without a scenario of its own. The answer lists what is active where.",
      input: {
        clientId: clientIdInput,
        global: z.boolean().default(false).describe('Activate it globally instead of for the client.'),
        name: z.string().min(1).max(64).describe('The scenario, e.g. slow-payment.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async ({ clientId, global, name }, { admin }) => (await admin('activateScenario', { body: global ? { name } : { name, clientId } })).data,
  ),
];
