/**
 * The wallet's side of a checkout prompt (the order flow's `PromptGate`): a number without a wallet is prompted as
 * any number is; a locked wallet fails the order at once (`WALLET_LOCKED`), as does a wallet whose phone still shows
 * another prompt (`TRANSACTION_IN_PROGRESS`); otherwise the prompt goes out and the wallet notes which payment its
 * phone now shows, written with the payment.
 */
import type { FlowDeps } from '../deps/deps.ts';
import type { PayerPolicy } from '../domain/policy.ts';
import type { PromptGate } from '../orders/order-flow.ts';
import { findWallet, openPrompt } from './wallet-reads.ts';
import type { WalletRecord } from './wallet-record.ts';

export function walletPromptGate(deps: FlowDeps, payerPolicyOf: (clientId: string) => PayerPolicy): PromptGate {
  return (prompted, payer) => {
    const wallet = findWallet(deps.store, prompted.clientId, payer.phone);
    if (!wallet) return { written: [] };
    if (wallet.status === 'locked') return { refuse: { payer, reason: 'WALLET_LOCKED' } };
    if (openPrompt(deps.store, wallet, payerPolicyOf(wallet.clientId), deps.clock.forClient(wallet.clientId).nowMs())) {
      return { refuse: { payer, reason: 'TRANSACTION_IN_PROGRESS' } };
    }
    const shows: WalletRecord = { ...wallet, _promptPaymentId: prompted.id };
    return { written: [{ collection: 'wallets', record: shows }] };
  };
}
