/**
 * The wallet side of a payment's end, staged with the change that ended it (store/event-bus.ts `addStager`), so
 * the debit is durable together with the PAID payment or not at all: a paid payment from a wallet's number debits
 * it, and every end (paid, failed, cancelled) becomes a line of the wallet's statement. Whatever ended the payment
 * (the payer's answer, a status poll, billing, the clock, an admin or scenario action), the wallet hears of it here.
 */
import type { DomainEvent } from '../domain/events.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import { toCentavos } from '../domain/money.ts';
import type { PaymentRecord, RecordWrite } from '../domain/records.ts';
import type { Random } from '../platform/random.ts';
import type { Store } from '../store/store-types.ts';
import { findWallet, payerPhoneOf } from './wallet-reads.ts';
import type { WalletEntryKind, WalletEntryRecord, WalletRecord } from './wallet-record.ts';

const KIND_OF_EVENT: Partial<Record<DomainEvent['type'], WalletEntryKind>> = {
  'payment.paid': 'debit',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
};

export function walletLedger(store: Store, random: Pick<Random, 'id'>): (events: readonly DomainEvent[]) => void {
  return (events) => {
    const written: RecordWrite[] = [];
    // One change may end several payments of one wallet (billing catches up): each line reads the balance so far.
    const wallets = new Map<string, WalletRecord>();
    for (const event of events) {
      const kind = KIND_OF_EVENT[event.type];
      if (kind === undefined || !('paymentId' in event)) continue;
      const payment = store.get<PaymentRecord>('payments', event.paymentId);
      if (!payment) continue;
      const found = findWallet(store, payment.clientId, payerPhoneOf(store, payment));
      if (!found) continue;
      const before = wallets.get(found.id) ?? found;
      const amountCentavos = toCentavos(payment.amount);
      const wallet: WalletRecord = {
        ...before,
        ...(kind === 'debit' && { balanceCentavos: before.balanceCentavos - amountCentavos, updatedAt: event.at }),
      };
      if (wallet._promptPaymentId === payment.id) delete wallet._promptPaymentId;
      wallets.set(wallet.id, wallet);
      const entry: WalletEntryRecord = {
        id: random.id(ID_PREFIX.walletEntry),
        clientId: payment.clientId,
        phone: wallet.phone,
        kind,
        amountCentavos,
        balanceAfterCentavos: wallet.balanceCentavos,
        paymentId: payment.id,
        ...(payment.orderId !== undefined && { orderId: payment.orderId }),
        ...(payment.subscriptionId !== undefined && { subscriptionId: payment.subscriptionId }),
        ...(kind !== 'debit' && payment.failureReason !== undefined && { failureReason: payment.failureReason }),
        createdAt: event.at,
      };
      written.push({ collection: 'walletEntries', record: entry });
    }
    for (const wallet of wallets.values()) written.push({ collection: 'wallets', record: wallet });
    if (written.length > 0) store.putMany(written);
  };
}
