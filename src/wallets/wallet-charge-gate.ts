/**
 * The billing's charge gate (src/subscriptions/bill-subscriptions.ts `ChargeGate`) for a payer who has a wallet: a
 * subscription charge the billing rules would pay meets the wallet as an order payment does (locked, limits,
 * balance: wallet-verdict.ts), on the charge's own instant, and each charge's end debits the wallet and writes its
 * statement line (wallet-ledger.ts). One billing run may end several charges of one wallet before any is stored (a
 * catch-up over months), so the gate keeps each wallet as the run left it and the debits it made.
 */
import { ID_PREFIX } from '../domain/ids.ts';
import { toCentavos } from '../domain/money.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { ChargeGateOf } from '../subscriptions/bill-subscriptions.ts';
import { walletEnd, walletEndWrites } from './wallet-ledger.ts';
import { findWallet, spentOn } from './wallet-reads.ts';
import { maputoDay, type WalletEntryRecord, type WalletRecord } from './wallet-record.ts';
import { walletRefusal } from './wallet-verdict.ts';

/** A wallet as this run left it, and the debits the run made (not yet in the store). */
interface RunTab {
  wallet: WalletRecord;
  debits: WalletEntryRecord[];
}

export function walletChargeGate(deps: Pick<FlowDeps, 'store' | 'random'>): ChargeGateOf {
  return (clientId) => {
    const tabs = new Map<string, RunTab>();
    const tabOf = (payerPhone: string | undefined): RunTab | undefined => {
      const stored = findWallet(deps.store, clientId, payerPhone);
      if (!stored) return undefined;
      const tab = tabs.get(stored.id) ?? { wallet: { ...stored }, debits: [] };
      tabs.set(stored.id, tab);
      return tab;
    };
    return {
      refusal(charge, payerPhone, atMs) {
        const tab = tabOf(payerPhone);
        if (!tab) return undefined;
        const day = maputoDay(atMs);
        const runSpent = tab.debits.filter((line) => maputoDay(Date.parse(line.createdAt)) === day).reduce((total, line) => total + line.amountCentavos, 0);
        return walletRefusal(tab.wallet, toCentavos(charge.amount), spentOn(deps.store, tab.wallet, atMs) + runSpent);
      },
      ended(charge, payerPhone) {
        const tab = tabOf(payerPhone);
        const ended = tab && walletEnd(tab.wallet, charge, () => deps.random.id(ID_PREFIX.walletEntry));
        if (!tab || !ended) return [];
        tab.wallet = ended.wallet;
        if (ended.entry.kind === 'debit') tab.debits.push(ended.entry);
        return walletEndWrites(ended);
      },
    };
  };
}
