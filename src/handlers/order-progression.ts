/**
 * How a pending order moves, composed in one place, innermost first:
 * 1. the payer's number (the outcome catalogue, orders/payer-progression.ts) decides the steps, on polls or time;
 * 2. the payer's wallet, when the number has one (wallets/wallet-progression.ts), takes its place: its balance, PIN,
 *    limits and lock decide, and it meets each prompt the checkout page sends (wallet-prompt-gate.ts);
 * 3. an armed outcome (src/armed/, through the flow extensions) takes the place of both for the next order: its steps,
 *    and what an action settling that order becomes.
 * A payment's end then debits the wallet and writes the statement line in the same write as the move (wallet-ledger.ts),
 * before whatever else an extension writes, so the next step of one clock move meets the wallet as the earlier left it.
 */
import type { AppDeps } from '../deps/deps.ts';
import type { OrderFlowOptions, PaymentEnded } from '../orders/order-flow.ts';
import { payerProgression } from '../orders/payer-progression.ts';
import { walletLedger } from '../wallets/wallet-ledger.ts';
import { walletProgression } from '../wallets/wallet-progression.ts';
import { walletPromptGate } from '../wallets/wallet-prompt-gate.ts';
import type { FlowExtensions } from './flow-extensions.ts';

export function orderProgression(deps: AppDeps, extensions: FlowExtensions): OrderFlowOptions {
  const stepsOf = walletProgression(deps, payerProgression(deps.store));
  const ledger = walletLedger(deps.store, deps.random);
  return {
    stepsOf: extensions.stepsOf?.(stepsOf) ?? stepsOf,
    promptGate: walletPromptGate(deps),
    ...(extensions.settleAs && { settleAs: extensions.settleAs }),
    paymentEnded: extensions.paymentEnded ? bothEnded(ledger, extensions.paymentEnded) : ledger,
  };
}

/** Both ends, in order: the wallet's debit first, then what else the payment's end writes. */
function bothEnded(first: PaymentEnded, second: PaymentEnded): PaymentEnded {
  return (payment, cause) => [...first(payment, cause), ...second(payment, cause)];
}
