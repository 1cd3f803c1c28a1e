/**
 * The payers' wallets a scenario declares (docs/scenarios.md, "Wallets"): activated for a client, the scenario sets
 * each of them to the state written here, as `PUT /__admin/clients/{id}/wallets/{phone}` would. Amounts are MZN, as
 * every amount of the API is written.
 */
import * as z from 'zod';
import { walletNumber } from '../wallets/wallet-record.ts';

const mzn = z.number().min(0).max(1_000_000_000).multipleOf(0.01);

const scenarioWallet = z.strictObject({
  phone: z
    .string()
    .max(40)
    .refine((phone) => walletNumber(phone) !== undefined, { message: 'a Mozambican mobile number of M-Pesa (84, 85) or e-Mola (86, 87)' })
    .describe('The payer\'s number, spelt any way a number is read: +258841234567, 84 123 4567'),
  balance: mzn.describe('MZN'),
  pin: z.string().regex(/^\d{4,6}$/, '4 to 6 digits'),
  limits: z
    .strictObject({
      perTransaction: mzn.optional().describe('MZN per payment'),
      perDay: mzn.optional().describe("MZN per Maputo day (UTC+2) of the client's mock clock"),
    })
    .optional()
    .describe('Absent: no limit'),
  status: z.enum(['active', 'locked']).optional().describe('active by default'),
  lockAfterWrongPins: z.number().int().min(1).max(100).optional().describe('Wrong PINs in a row that lock the wallet (3 by default)'),
});

export const scenarioWallets = z
  .array(scenarioWallet)
  .max(100)
  .refine((wallets) => new Set(wallets.map((wallet) => walletNumber(wallet.phone)?.phone)).size === wallets.length, {
    message: 'each number once',
  })
  .describe("Payers' wallets set for a client when the scenario is activated for it (docs/payer-outcomes.md, Wallets)");

export type ScenarioWallet = z.output<typeof scenarioWallet>;
