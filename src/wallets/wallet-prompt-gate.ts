/**
 * The wallet's side of a checkout prompt (the order flow's `PromptGate`): a number without a wallet is prompted as
 * any number is; a locked wallet fails the order at once (`WALLET_LOCKED`), as does a wallet whose phone still shows
 * another prompt (`TRANSACTION_IN_PROGRESS`); otherwise the prompt goes out and the wallet notes which payment its
 * phone now shows, written with the payment.
 */
import type { FlowDeps } from '../deps/deps.ts';
import { DEFAULT_PAYER } from '../domain/policy.ts';
import type { PromptGate } from '../orders/order-flow.ts';
import { findWallet, openPrompt } from './wallet-reads.ts';
import type { WalletRecord } from './wallet-record.ts';

/** The wallet refused the push: the order's event says so. */
const REFUSED = { by: 'wallet' } as const;

/** `world`: the order's client's: its payer policy says when a prompt expires, on its clock. */
export function walletPromptGate(deps: Pick<FlowDeps, 'store'>): PromptGate {
  return (prompted, payer, world) => {
    const wallet = findWallet(deps.store, prompted.clientId, payer.phone);
    if (!wallet) return { written: [] };
    if (wallet.status === 'locked') return { refuse: { payer, reason: 'WALLET_LOCKED', trigger: REFUSED } };
    if (openPrompt(deps.store, wallet, world.policy.orders.payer ?? DEFAULT_PAYER, world.clock.nowMs())) {
      return { refuse: { payer, reason: 'TRANSACTION_IN_PROGRESS', trigger: REFUSED } };
    }
    const shows: WalletRecord = { ...wallet, _promptPaymentId: prompted.id };
    return { written: [{ collection: 'wallets', record: shows }] };
  };
}
