/**
 * The wallet's phone prompt ("confirme o pagamento no seu telemóvel"), as the checkout page starts it: the payment
 * records the payer's wallet and number and when the prompt went out; the order stays PENDING until the prompt's
 * outcome is due (src/orders/payer-progression.ts). The prompt's countdown is read from the same record.
 */
import type { PayerPolicy } from '../domain/policy.ts';
import type { OrderRecord, PaymentRecord } from '../domain/records.ts';
import { paymentMethodForPhone } from '../domain/mobile-wallets.ts';
import type { Payer } from './transitions.ts';

/** The payment with its prompt started; undefined when the order is final, has no payment, or a prompt is out. */
export function startPrompt(order: OrderRecord, payment: PaymentRecord | undefined, payer: Payer, at: string): PaymentRecord | undefined {
  if (order.status !== 'PENDING' || !payment || payment.status !== 'PENDING' || payment._promptAt !== undefined) return undefined;
  return { ...payment, method: payer.method ?? paymentMethodForPhone(payer.phone), _payerPhone: payer.phone, _promptAt: at, updatedAt: at };
}

/** A prompt that is out: the number it went to and the mock-clock seconds left before it expires (never below 0). */
export interface RunningPrompt {
  phone: string;
  secondsLeft: number;
}

export function runningPrompt(payment: PaymentRecord | undefined, payer: PayerPolicy, nowMs: number): RunningPrompt | undefined {
  const expiresMs = promptExpiresMs(payment, payer);
  if (expiresMs === undefined) return undefined;
  const phone = typeof payment?.['_payerPhone'] === 'string' ? payment['_payerPhone'] : '';
  return { phone, secondsLeft: promptSecondsLeft(expiresMs, nowMs) };
}

/** The whole seconds a prompt expiring at `expiresMs` has left at `nowMs`, never below 0: what a countdown shows. */
export function promptSecondsLeft(expiresMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresMs - nowMs) / 1000));
}

/**
 * The prompt-timing rule, which the checkout's countdown and the wallet's phone both read: when the prompt of a
 * pending payment expires on the mock clock (`promptExpirySeconds` after it went out); undefined when no prompt is out.
 */
export function promptExpiresMs(payment: Readonly<PaymentRecord> | undefined, payer: PayerPolicy): number | undefined {
  if (!payment || payment.status !== 'PENDING' || payment._promptAt === undefined) return undefined;
  return Date.parse(payment._promptAt) + payer.promptExpirySeconds * 1000;
}
