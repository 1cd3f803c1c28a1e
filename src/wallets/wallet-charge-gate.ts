/**
 * The billing's charge gate (src/subscriptions/bill-subscriptions.ts `ChargeGate`) for a payer who has a wallet: a
 * subscription charge the billing rules would pay meets the wallet as an order payment does (locked, limits,
 * balance: wallet-verdict.ts), on the charge's own instant. One billing run may pay several charges of one wallet
 * before any is stored (a catch-up over months), so the gate keeps a running total of what it let through.
 */
import { toCentavos } from '../domain/money.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { ChargeGateOf } from '../subscriptions/bill-subscriptions.ts';
import { findWallet, spentOn } from './wallet-reads.ts';
import { maputoDay } from './wallet-record.ts';
import { walletRefusal } from './wallet-verdict.ts';

export function walletChargeGate(deps: Pick<FlowDeps, 'store'>): ChargeGateOf {
  return (clientId) => {
    /** Per wallet, the charges let through in this run: their instant and amount. */
    const passed = new Map<string, Array<{ atMs: number; centavos: number }>>();
    return (charge, payerPhone, atMs) => {
      const wallet = findWallet(deps.store, clientId, payerPhone);
      if (!wallet) return undefined;
      const earlier = passed.get(wallet.id) ?? [];
      const amount = toCentavos(charge.amount);
      const sum = (lines: typeof earlier) => lines.reduce((total, line) => total + line.centavos, 0);
      const sameDay = earlier.filter((line) => maputoDay(line.atMs) === maputoDay(atMs));
      const reason = walletRefusal(
        { ...wallet, balanceCentavos: wallet.balanceCentavos - sum(earlier) },
        amount,
        spentOn(deps.store, wallet, atMs) + sum(sameDay),
      );
      if (reason === undefined) passed.set(wallet.id, [...earlier, { atMs, centavos: amount }]);
      return reason;
    };
  };
}
