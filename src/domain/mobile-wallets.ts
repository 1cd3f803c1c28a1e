/**
 * Which mobile wallet a payer's number belongs to: the one rule read by payments (their `method`), the wallets the
 * mock keeps, the payer outcomes and the checkout page. M-Pesa (Vodacom) takes 84 and 85, e-Mola (Movitel) 86 and 87,
 * however the number is spelt (`+258 86 123 4567`, `00258 86 123 4567`, `258861234567`, `861234567`: the
 * normalisation of domain/phone-number.ts). A pure rule: no store, no clock, no HTTP.
 */
import { mozambicanMobile } from './phone-number.ts';
import type { PaymentMethod } from './records.ts';

export interface MobileWallet {
  method: PaymentMethod;
  label: string;
  prefixes: readonly string[];
}

export const MOBILE_WALLETS: readonly MobileWallet[] = [
  { method: 'mpesa', label: 'M-Pesa', prefixes: ['84', '85'] },
  { method: 'emola', label: 'e-Mola', prefixes: ['86', '87'] },
];

/** A number's wallet when it is a Mozambican mobile of a known network: its E.164 form and 9-digit national number. */
export interface WalletNumber {
  phone: string;
  national: string;
  wallet: MobileWallet;
}

export function walletNumberOf(input: string | undefined): WalletNumber | undefined {
  const national = mozambicanMobile(input ?? '');
  if (national === undefined) return undefined;
  const wallet = MOBILE_WALLETS.find((candidate) => candidate.prefixes.includes(national.slice(0, 2)));
  return wallet && { phone: `+258${national}`, national, wallet };
}

/** The method of a payment by this number: its network's wallet; M-Pesa, the larger network, for any other number. */
export function paymentMethodForPhone(phone: string | undefined): PaymentMethod {
  return walletNumberOf(phone)?.wallet.method ?? 'mpesa';
}

export function mobileWalletOf(method: string | undefined): MobileWallet | undefined {
  return MOBILE_WALLETS.find((wallet) => wallet.method === method);
}
