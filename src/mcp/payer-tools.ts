/** The tools that play the payer: put a wallet in the client's world, and answer the prompt its phone shows. */
import * as z from 'zod';
import { clientIdInput, defineTool, type McpTool } from './tool-kit.ts';

const phoneInput = z.string().min(6).max(30).describe('A Mozambican M-Pesa (84, 85) or e-Mola (86, 87) number, e.g. +258841234567.');
const amountInput = z.number().min(0).max(1_000_000_000).multipleOf(0.01);

export const PAYER_TOOLS: readonly McpTool[] = [
  defineTool(
    'put_wallet',
    {
      title: "Put a payer's wallet",
      description:
        "Creates or changes the wallet behind a payer's number in the client's world: an order paid from it meets its balance, PIN, limits and lock (docs/payer-outcomes.md). `balance` and `pin` are required to create one; the PIN is never shown again.",
      input: {
        clientId: clientIdInput,
        phone: phoneInput,
        balance: amountInput.optional().describe('MZN.'),
        pin: z.string().regex(/^[0-9]{4,6}$/).optional().describe('4 to 6 digits.'),
        limits: z
          .object({ perTransaction: amountInput.nullable().optional(), perDay: amountInput.nullable().optional() })
          .strict()
          .optional()
          .describe('MZN per payment and per day; null removes one.'),
        status: z.enum(['active', 'locked']).optional().describe('Lock or unlock the wallet.'),
        lockAfterWrongPins: z.number().int().min(1).max(100).optional().describe('Wrong PINs in a row that lock it (3 by default).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async ({ clientId, phone, ...wallet }, { admin }) => (await admin('putWallet', { path: { client_id: clientId, phone }, body: definedOnly(wallet) })).data,
  ),
  defineTool(
    'answer_payer_prompt',
    {
      title: "Answer the payer's prompt",
      description:
        "The payer answers the payment prompt their phone shows (see world_status's openPayerPrompts): `pin` with the wallet's PIN pays (or fails for the wallet's reason), `cancel` refuses. The order moves at once.",
      input: {
        clientId: clientIdInput,
        phone: phoneInput,
        action: z.enum(['pin', 'cancel']),
        pin: z.string().regex(/^[0-9]{4,6}$/).optional().describe('The PIN typed, for action pin.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    async ({ clientId, phone, action, pin }, { admin }) => {
      const body = action === 'pin' ? { action, pin: pin ?? '' } : { action };
      return (await admin('answerWalletPrompt', { path: { client_id: clientId, phone }, body })).data;
    },
  ),
];

/** The fields given, without those left out: the admin API takes no `undefined`. */
function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
