/** One rule decides a number's wallet, whoever reads it: every spelling of one number gives one provider and one wallet. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentMethodForPhone, walletNumberOf } from '../../src/domain/mobile-wallets.ts';
import { paymentRecord } from '../../src/orders/payment-record.ts';
import { payerNumber } from '../../src/pages/checkout/payer-number.ts';
import { MOBILE_WALLETS } from '../../src/domain/mobile-wallets.ts';
import { walletNumber } from '../../src/wallets/wallet-record.ts';

/** The ways people write one Mozambican mobile (`86 123 4567`): with the country code or not, grouped or not. */
function spellings(national: string): string[] {
  const [a, b, c] = [national.slice(0, 2), national.slice(2, 5), national.slice(5)];
  return [
    national,
    `${a} ${b} ${c}`,
    `${a}-${b}-${c}`,
    `258${national}`,
    `258 ${a} ${b} ${c}`,
    `+258${national}`,
    `+258 ${a} ${b} ${c}`,
    `+258 (${a}) ${b}-${c}`,
    `00258${national}`,
    `00258 ${a} ${b} ${c}`,
    `00 258 ${a} ${b} ${c}`,
  ];
}

const paid = (phone: string) =>
  paymentRecord({ id: 'pay_1', clientId: 'c', owner: { orderId: 'ord_1' }, amount: 1, payerPhone: phone, status: 'PENDING', createdAt: '2030-01-01T00:00:00.000Z' }).method;

describe('the wallet of a number', () => {
  it.each([
    ['00258 86 123 4567', 'emola'],
    ['+258 86 123 4567', 'emola'],
    ['258861234567', 'emola'],
    ['861234567', 'emola'],
    ['+258 87 123 4567', 'emola'],
    ['00258 84 123 4567', 'mpesa'],
    ['+258 85 123 4567', 'mpesa'],
    ['841234567', 'mpesa'],
    [undefined, 'mpesa'],
    ['+27 82 123 4567', 'mpesa'],
  ] as const)('a payment by %s is made with %s', (phone, method) => {
    expect(paymentMethodForPhone(phone)).toBe(method);
  });

  it('gives every spelling of one number one provider and one wallet, read by payments, wallets and the checkout page', () => {
    const prefixes = MOBILE_WALLETS.flatMap((wallet) => wallet.prefixes);
    const national = fc.tuple(fc.constantFrom(...prefixes), fc.stringMatching(/^\d{7}$/)).map(([prefix, rest]) => `${prefix}${rest}`);
    fc.assert(
      fc.property(national, (number) => {
        const readings = spellings(number).map((spelling) => {
          const wallet = walletNumberOf(spelling);
          const page = wallet && payerNumber(wallet.wallet, spelling);
          return { method: paid(spelling), wallet: walletNumber(spelling), page: page?.ok ? page.phone : page };
        });
        const expected = MOBILE_WALLETS.find((wallet) => wallet.prefixes.includes(number.slice(0, 2)))?.method;
        expect(readings).toEqual(readings.map(() => ({ method: expected, wallet: { phone: `+258${number}`, provider: expected }, page: `+258${number}` })));
      }),
    );
  });

  it('gives no wallet to a Mozambican number of another network, nor to a foreign one', () => {
    expect(walletNumberOf('+258 82 123 4567')).toBeUndefined();
    expect(walletNumberOf('+27 86 123 4567')).toBeUndefined();
    expect(walletNumberOf('not a number')).toBeUndefined();
  });
});
