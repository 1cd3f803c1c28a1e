/**
 * A payer's wallet as the mock keeps it (collection `wallets`, one per client and number) and its statement lines
 * (collection `walletEntries`). Money is held in integer centavos (src/domain/money.ts) and leaves as MZN; the PIN
 * is kept as a salted hash (as client secrets are: clients/secret-hash.ts), to judge the payer's answer; the PIN itself
 * reaches neither the data file nor an answer.
 */
import { walletNumberOf } from '../domain/mobile-wallets.ts';
import type { PaymentMethod, RecordOf } from '../domain/records.ts';

/** Its shape is the document's (spec/admin.yaml `StoredWallet`), as every record's is (domain/records.ts). */
export type WalletRecord = RecordOf<'wallets'>;
export type WalletStatus = WalletRecord['status'];

/** A statement line (spec/admin.yaml `StoredWalletEntry`). */
export type WalletEntryRecord = RecordOf<'walletEntries'>;
export type WalletEntryKind = WalletEntryRecord['kind'];

/** The wallet key of a number however it is spelt, with its provider; undefined for a number no wallet can have. */
export function walletNumber(input: string | undefined): { phone: string; provider: PaymentMethod } | undefined {
  const number = walletNumberOf(input);
  return number && { phone: number.phone, provider: number.wallet.method };
}

/** Mozambique keeps UTC+2 all year: a wallet's day (its daily limit) starts at midnight in Maputo. */
const MAPUTO_OFFSET_MS = 2 * 3600_000;

export function maputoDay(ms: number): number {
  return Math.floor((ms + MAPUTO_OFFSET_MS) / 86_400_000);
}
