/**
 * The wallet's phone prompt ("confirme o pagamento no seu telemóvel"), as the checkout page starts it: the payment
 * records the payer's wallet and number and when the prompt went out; the order stays PENDING until the prompt's
 * outcome is due (src/orders/payer-progression.ts). The prompt's countdown is read from the same record.
 */
import type { PayerPolicy } from '../domain/policy.ts';
import type { OrderRecord, PaymentRecord } from '../domain/records.ts';
import { paymentMethodForPhone } from './payment-record.ts';
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
  if (!payment || payment.status !== 'PENDING' || payment._promptAt === undefined) return undefined;
  const phone = typeof payment['_payerPhone'] === 'string' ? payment['_payerPhone'] : '';
  const expiresMs = Date.parse(payment._promptAt) + payer.promptExpirySeconds * 1000;
  return { phone, secondsLeft: Math.max(0, Math.ceil((expiresMs - nowMs) / 1000)) };
}
