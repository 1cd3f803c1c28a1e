/**
 * The payer outcome catalogue (magic numbers), as data: a Mozambican wallet number `+258 8X 000 00NN` (X = 4, 5
 * for M-Pesa, 6, 7 for e-Mola) chooses how the payer's payment ends; every other valid number pays. The same table
 * is read by the order progression, subscription billing, the checkout page, the Pact provider states and the
 * docs (docs/payer-outcomes.md is tested against it). A pure rule: no store, no clock, no HTTP.
 *
 * The wallet codes are the Vodacom M-Pesa Mozambique API's (`output_ResponseCode`), assumed: the real service
 * does not document the codes its payers meet. e-Mola's are not public, so an e-Mola payment carries none.
 */
import type { components } from '../generated/api-types.gen.ts';
import { mozambicanMobile } from './phone-number.ts';
import type { Drift, Expect } from './same-shape.ts';

export const FAILURE_CODES = [
  'INSUFFICIENT_BALANCE',
  'PAYER_CANCELLED',
  'PAYER_TIMEOUT',
  'INVALID_NUMBER',
  'WRONG_PIN',
  'PROVIDER_ERROR',
  'PAYMENT_FAILED',
  'ORDER_CANCELLED',
  // Chosen by a wallet's state (src/wallets/), never by a number.
  'WALLET_LIMIT_EXCEEDED',
  'WALLET_LOCKED',
  'TRANSACTION_IN_PROGRESS',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

/** Why a payment failed or was cancelled, as the payment record, the status answer and the webhooks carry it. */
export type FailureReason = components['schemas']['FailureReason'];

/** Compile-time: `tsc -b` fails when the codes above and the document's (spec/openapi.yaml) part. */
export type FailureCodeChecks = [Expect<Drift<FailureCode, FailureReason['code']>>];

export interface FailureReasonEntry {
  /** The payment status the reason ends in. */
  status: 'FAILED' | 'CANCELLED';
  /** The M-Pesa Mozambique API's response code, when it has one (assumed). */
  mpesaCode?: string;
  message: string;
  /** For a reason a wallet's state chooses (docs/payer-outcomes.md#wallets): when, in English. */
  walletState?: string;
}

export const FAILURE_REASONS: Readonly<Record<FailureCode, FailureReasonEntry>> = {
  INSUFFICIENT_BALANCE: { status: 'FAILED', mpesaCode: 'INS-2006', message: 'Saldo insuficiente na carteira do pagador.' },
  PAYER_CANCELLED: { status: 'CANCELLED', mpesaCode: 'INS-5', message: 'O pagador recusou o pedido de pagamento no telemóvel.' },
  PAYER_TIMEOUT: { status: 'FAILED', mpesaCode: 'INS-9', message: 'O pagador não respondeu ao pedido de pagamento a tempo.' },
  INVALID_NUMBER: { status: 'FAILED', mpesaCode: 'INS-2051', message: 'O número indicado não tem uma carteira móvel.' },
  WRONG_PIN: { status: 'FAILED', message: 'O pagador introduziu um PIN errado.' },
  PROVIDER_ERROR: { status: 'FAILED', mpesaCode: 'INS-1', message: 'A carteira móvel falhou ao processar o pagamento.' },
  // Not chosen by a number: a failure or a cancellation that names no reason (checkout buttons, admin, scenarios).
  PAYMENT_FAILED: { status: 'FAILED', message: 'O pagamento falhou.' },
  ORDER_CANCELLED: { status: 'CANCELLED', message: 'O pedido foi cancelado antes do pagamento.' },
  // A wallet's state (docs/payer-outcomes.md#wallets): M-Pesa's codes for an invalid amount, an inactive account
  // and a duplicate transaction, the nearest the Mozambique API has to a limit, a lock and a prompt still open.
  WALLET_LIMIT_EXCEEDED: { status: 'FAILED', mpesaCode: 'INS-15', message: 'O valor ultrapassa o limite da carteira do pagador.', walletState: 'over the per-transaction or daily limit' },
  WALLET_LOCKED: { status: 'FAILED', mpesaCode: 'INS-996', message: 'A carteira do pagador está bloqueada.', walletState: 'a push to a locked wallet' },
  TRANSACTION_IN_PROGRESS: {
    status: 'FAILED',
    mpesaCode: 'INS-10',
    message: 'Já existe uma transação em curso no telemóvel do pagador.',
    walletState: 'a push while the phone shows another prompt',
  },
};

/**
 * When a catalogue outcome comes due: when the payer answers (the progression's own step, or the prompt's answer
 * time), when the prompt expires, after the slow-success delay, or never (only an admin or scenario action).
 */
export type OutcomeTiming = 'answer' | 'expiry' | 'slow' | 'never';

export interface PayerOutcome {
  /** The number's last two digits. */
  suffix: string;
  /** The name a scenario step or a test uses; for a failure, its reason code. */
  name: FailureCode | 'STUCK' | 'SLOW_SUCCESS' | 'PAID';
  /** What happens, in English (the docs' table). */
  summary: string;
  /** The final status it ends in; undefined while it never ends by itself. */
  status: 'PAID' | 'FAILED' | 'CANCELLED' | undefined;
  reason?: FailureCode;
  timing: OutcomeTiming;
  /** The Pact provider state of an order whose payer has this number. */
  providerState: string;
}

export const PAYER_OUTCOMES: readonly PayerOutcome[] = [
  row('01', 'INSUFFICIENT_BALANCE', 'insufficient balance', 'FAILED', 'answer', 'an order whose payer has insufficient balance'),
  row('02', 'PAYER_CANCELLED', 'the payer declines the prompt', 'CANCELLED', 'answer', 'an order whose payer declines the prompt'),
  row('03', 'PAYER_TIMEOUT', 'the payer never answers the prompt', 'FAILED', 'expiry', 'an order whose payer never answers the prompt'),
  row('04', 'INVALID_NUMBER', 'the number has no wallet', 'FAILED', 'answer', 'an order whose payer number has no wallet'),
  row('05', 'WRONG_PIN', 'wrong PIN', 'FAILED', 'answer', 'an order whose payer enters a wrong PIN'),
  row('06', 'PROVIDER_ERROR', 'the wallet provider fails', 'FAILED', 'answer', 'an order whose payer wallet provider fails'),
  { suffix: '07', name: 'STUCK', summary: 'stuck: the provider never answers', status: undefined, timing: 'never', providerState: 'an order whose payment is stuck at the provider' },
  { suffix: '08', name: 'SLOW_SUCCESS', summary: 'slow success', status: 'PAID', timing: 'slow', providerState: 'an order whose payment succeeds slowly' },
];

/** What every other valid number does: the payer confirms, the payment is paid. */
export const PAYS: PayerOutcome = { suffix: '', name: 'PAID', summary: 'the payer confirms', status: 'PAID', timing: 'answer', providerState: '' };

/** National number `8X 000 00NN`, X = 4 to 7, however it is spelt (phone-number.ts normalises it first). */
const CATALOGUE_NUMBER = /^8[4-7]00000(\d\d)$/;

/** The catalogue row a payer's number chooses; undefined for every other number (it pays). */
export function payerOutcomeOf(phone: string | undefined): PayerOutcome | undefined {
  const suffix = CATALOGUE_NUMBER.exec(mozambicanMobile(phone ?? '') ?? '')?.[1];
  return suffix === undefined ? undefined : PAYER_OUTCOMES.find((outcome) => outcome.suffix === suffix);
}

/** The row of an outcome name (scenario files, tests). */
export function payerOutcomeNamed(name: string): PayerOutcome | undefined {
  return PAYER_OUTCOMES.find((outcome) => outcome.name === name);
}

/** The catalogue number of a row on a wallet prefix (84 by default): `+258 84 000 0001`. */
export function catalogueNumber(outcome: Pick<PayerOutcome, 'suffix'>, prefix: '84' | '85' | '86' | '87' = '84'): string {
  return `+258 ${prefix} 000 00${outcome.suffix}`;
}

/** The reason a payment carries, with the wallet's own code when the payer's wallet is M-Pesa. */
export function failureReason(code: FailureCode, method: 'mpesa' | 'emola' | undefined): FailureReason {
  const entry = FAILURE_REASONS[code];
  return { code, ...(method === 'mpesa' && entry.mpesaCode !== undefined && { providerCode: entry.mpesaCode }), message: entry.message };
}

/** The reason a final status implies when nothing more precise is known. */
export function defaultReasonCode(status: 'FAILED' | 'CANCELLED'): FailureCode {
  return status === 'FAILED' ? 'PAYMENT_FAILED' : 'ORDER_CANCELLED';
}

function row(suffix: string, name: FailureCode, summary: string, status: 'FAILED' | 'CANCELLED', timing: OutcomeTiming, providerState: string): PayerOutcome {
  return { suffix, name, summary, status, reason: name, timing, providerState };
}
