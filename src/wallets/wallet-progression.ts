/**
 * The order flow's `stepsOf` (src/orders/payer-progression.ts) for a payer who has a wallet; any other number
 * follows the steps it followed before wallets (magic numbers first, then the progression).
 *
 * - A prompt on the wallet's phone waits for the payer's answer (wallet-flow.ts `answer`): it comes due by itself
 *   only when it expires, failing with `PAYER_TIMEOUT` (after the steps a scripting scenario sets, as any prompt).
 * - No prompt (the order is moved by its progression): each PAID step meets the wallet as it is when the step
 *   comes due, and fails with the wallet's reason when the wallet would refuse the amount.
 */
import { DEFAULT_PAYER, type ProgressionStep } from '../domain/policy.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { StepsOf } from '../orders/payer-progression.ts';
import { findWallet, payerPhoneOf } from './wallet-reads.ts';
import { refusalOf } from './wallet-payable.ts';

export function walletProgression(deps: Pick<FlowDeps, 'store'>, otherwise: StepsOf): StepsOf {
  return (progression, order, payment, nowMs) => {
    const wallet = payment === undefined ? undefined : findWallet(deps.store, order.clientId, payerPhoneOf(deps.store, payment));
    if (!wallet || !payment) return otherwise(progression, order, payment, nowMs);
    const payer = progression.payer ?? DEFAULT_PAYER;
    if (payment._promptAt !== undefined) {
      const scripted = payer.numbers ? [] : progression.steps;
      const offsetSeconds = (Date.parse(payment._promptAt) - Date.parse(order.createdAt)) / 1000;
      return [...scripted, { status: 'FAILED', reason: 'PAYER_TIMEOUT', after: { seconds: offsetSeconds + payer.promptExpirySeconds } }];
    }
    const reason = refusalOf(deps.store, wallet, payment, nowMs);
    if (reason === undefined) return progression.steps;
    return progression.steps.map((step): ProgressionStep => (step.status === 'PAID' ? { status: 'FAILED', reason, after: step.after } : step));
  };
}
