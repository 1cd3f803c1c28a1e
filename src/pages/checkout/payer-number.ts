/**
 * The payer's number, as the wallets judge it: a Mozambican mobile number (`+258 84 123 4567`, `00258 84 123 4567`,
 * `+258 (84) 123-4567`, `841234567`: read by the normalisation the API uses too) on the wallet's own network.
 * M-Pesa (Vodacom) takes 84 and 85, e-Mola (Movitel) 86 and 87; each refuses a number of the other, as the real wallets do.
 */
import { MOBILE_WALLETS, type MobileWallet } from '../../domain/mobile-wallets.ts';
import { mozambicanMobile } from '../../domain/phone-number.ts';
import type { PaymentMethod } from '../../domain/records.ts';

export type PayerNumber = { ok: true; phone: string; method: PaymentMethod } | { ok: false; message: string };

/** The number in E.164 (`+258841234567`) when `wallet` accepts it; else the message the payer reads. */
export function payerNumber(wallet: MobileWallet, input: string): PayerNumber {
  const accepted = wallet.prefixes.join(' ou ');
  if (input.trim() === '') return { ok: false, message: `Indique o número ${wallet.label} (${accepted}).` };
  // A typed or pasted number may carry any kind of space (a no-break space from a copied number): one kind here.
  const national = mozambicanMobile(input.trim().replace(/\s+/g, ' '));
  if (!national) {
    return { ok: false, message: 'Número inválido: use um número moçambicano de 9 dígitos, por exemplo +258 84 123 4567.' };
  }
  const prefix = national.slice(0, 2);
  if (wallet.prefixes.includes(prefix)) return { ok: true, phone: `+258${national}`, method: wallet.method };
  const owner = MOBILE_WALLETS.find((other) => other.prefixes.includes(prefix));
  const whose = owner ? `é um número ${owner.label}` : `não é um número ${wallet.label}`;
  return { ok: false, message: `O número ${displayPhone(`+258${national}`)} ${whose}: para pagar com ${wallet.label}, use um número ${accepted}.` };
}

/** `+258841234567` → `+258 84 123 4567`, as numbers are written on the page. */
export function displayPhone(phone: string): string {
  const match = /^\+258(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+258 ${match[1]} ${match[2]} ${match[3]}` : phone;
}
