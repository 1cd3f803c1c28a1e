/**
 * A wallet as the admin API and scenario files write it (MZN amounts, as every amount of the API is written), turned
 * into the stored record: a new wallet needs a balance and a PIN; an existing one keeps every field not sent.
 */
import { hashPin } from './pin-hash.ts';
import { toCentavos } from '../domain/money.ts';
import type { WalletRecord, WalletStatus } from './wallet-record.ts';

export interface WalletInput {
  balance?: number;
  pin?: string;
  /** `null` removes a limit. */
  limits?: { perTransaction?: number | null; perDay?: number | null };
  status?: WalletStatus;
  lockAfterWrongPins?: number;
}

export const DEFAULT_LOCK_AFTER_WRONG_PINS = 3;

/** The fields a write sets; `undefined` for a new wallet that lacks its balance or PIN (which one is named). */
export function walletFields(
  input: WalletInput,
  existing: Readonly<WalletRecord> | undefined,
): { ok: true; fields: Partial<WalletRecord> } | { ok: false; missing: 'balance' | 'pin' } {
  if (!existing && input.balance === undefined) return { ok: false, missing: 'balance' };
  if (!existing && input.pin === undefined) return { ok: false, missing: 'pin' };
  const fields: Partial<WalletRecord> = {};
  if (input.balance !== undefined) fields.balanceCentavos = toCentavos(input.balance);
  if (input.pin !== undefined) fields.pinHash = hashPin(input.pin);
  if (input.lockAfterWrongPins !== undefined) fields.lockAfterWrongPins = input.lockAfterWrongPins;
  // Unlocking (or locking by hand) starts the count of wrong PINs again, as a reset at the provider's shop would.
  if (input.status !== undefined) Object.assign(fields, { status: input.status, wrongPins: 0 });
  const limit = (value: number | null | undefined) => (value === null ? undefined : value === undefined ? undefined : toCentavos(value));
  if (input.limits && 'perTransaction' in input.limits) fields.perTransactionCentavos = limit(input.limits.perTransaction);
  if (input.limits && 'perDay' in input.limits) fields.perDayCentavos = limit(input.limits.perDay);
  return { ok: true, fields };
}
