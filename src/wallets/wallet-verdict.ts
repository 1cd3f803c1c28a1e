/**
 * Whether a wallet pays an amount, as a pure rule: a locked wallet refuses everything; then the limits (per
 * transaction, then what is left of the day's), then the balance. Undefined: it pays.
 */
import type { FailureCode } from '../domain/payer-outcomes.ts';
import type { WalletRecord } from './wallet-record.ts';

export function walletRefusal(
  wallet: Pick<WalletRecord, 'status' | 'balanceCentavos' | 'perTransactionCentavos' | 'perDayCentavos'>,
  amountCentavos: number,
  spentTodayCentavos: number,
): FailureCode | undefined {
  if (wallet.status === 'locked') return 'WALLET_LOCKED';
  if (wallet.perTransactionCentavos !== undefined && amountCentavos > wallet.perTransactionCentavos) return 'WALLET_LIMIT_EXCEEDED';
  if (wallet.perDayCentavos !== undefined && spentTodayCentavos + amountCentavos > wallet.perDayCentavos) return 'WALLET_LIMIT_EXCEEDED';
  if (amountCentavos > wallet.balanceCentavos) return 'INSUFFICIENT_BALANCE';
  return undefined;
}
