/**
 * What the payer asked for with a form of the checkout page: pay (with a wallet and a number it accepts), fail
 * the payment, or cancel. A refused form is a value carrying what was typed and the message to show with it.
 */
import type { FinalStatus, Payer } from '../../orders/transitions.ts';
import type { PayerForm } from './checkout-view.ts';
import { mobileWalletOf } from '../../domain/mobile-wallets.ts';
import { payerNumber } from './payer-number.ts';

export type PayerAction =
  /** Fail or cancel at once. */
  | { ok: true; status: FinalStatus }
  /** Pay: the wallet prompts the payer's phone; the order waits on the prompt's outcome. */
  | { ok: true; prompt: Payer }
  /** 400: the form is not one the page sends; 422: the payer's number is refused. */
  | { ok: false; httpStatus: 400 | 422; form: PayerForm };

export function payerAction(body: unknown): PayerAction {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const action = textOf(fields['action']);
  if (action === 'fail') return { ok: true, status: 'FAILED' };
  if (action === 'cancel') return { ok: true, status: 'CANCELLED' };
  const form = { wallet: textOf(fields['wallet']), phone: textOf(fields['phone']) };
  const refuse = (httpStatus: 400 | 422, error: string): PayerAction => ({ ok: false, httpStatus, form: { ...form, error } });
  if (action !== 'pay') return refuse(400, 'Ação desconhecida: escolha pagar, simular uma falha ou cancelar.');
  const wallet = mobileWalletOf(form.wallet);
  if (!wallet) return refuse(400, 'Escolha a carteira: M-Pesa ou e-Mola.');
  const number = payerNumber(wallet, form.phone);
  if (!number.ok) return refuse(422, number.message);
  return { ok: true, prompt: { phone: number.phone, method: number.method } };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
