/** The page's pure rules: the wallets' number rules, MZN formatting, which image URLs may be shown. */
import { describe, expect, it } from 'vitest';
import { formatMzn } from '../../src/domain/money.ts';
import { webImageUrl } from '../../src/pages/checkout/checkout-view.ts';
import { mobileWalletOf, type MobileWallet } from '../../src/domain/mobile-wallets.ts';
import { payerNumber } from '../../src/pages/checkout/payer-number.ts';

const MPESA = mobileWalletOf('mpesa') as MobileWallet;
const EMOLA = mobileWalletOf('emola') as MobileWallet;

describe('payer numbers', () => {
  it.each(['+258 84 123 4567', '+258841234567', '258841234567', '841234567', ' 85 123 4567 ', '+258\u00a085\u00a0123\u00a04567', '84-123-4567', '+258 (84) 123 4567', '00258 84 123 4567'])(
    'M-Pesa accepts %j',
    (input) => {
      expect(payerNumber(MPESA, input)).toMatchObject({ ok: true, method: 'mpesa', phone: expect.stringMatching(/^\+2588[45]1234567$/) });
    },
  );

  it.each(['+258 86 123 4567', '871234567'])('e-Mola accepts %j', (input) => {
    expect(payerNumber(EMOLA, input)).toMatchObject({ ok: true, method: 'emola' });
  });

  it.each([
    [MPESA, '861234567', 'é um número e-Mola'],
    [MPESA, '871234567', 'é um número e-Mola'],
    [EMOLA, '851234567', 'é um número M-Pesa'],
    [MPESA, '821234567', 'não é um número M-Pesa'],
    [EMOLA, '831234567', 'não é um número e-Mola'],
  ])('%# a number of another network is refused, naming it', (wallet, input, words) => {
    const result = payerNumber(wallet, input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(words);
  });

  it.each(['84123456', '8412345678', '+25884123456', '+351 912 345 678', '741234567', '+258 (84 123 4567', '0841234567', '84123456a', '++258841234567'])(
    'malformed %j is refused',
    (input) => {
      expect(payerNumber(MPESA, input)).toEqual({ ok: false, message: expect.stringMatching(/^Número inválido/) });
    },
  );

  it('an unknown wallet is no wallet', () => {
    expect(mobileWalletOf('paypal')).toBeUndefined();
    expect(mobileWalletOf(undefined)).toBeUndefined();
  });
});

describe('amounts and images', () => {
  it.each([
    [0, '0,00'],
    [0.1, '0,10'],
    [999.99, '999,99'],
    [1000, '1\u00a0000,00'],
    [1234567.5, '1\u00a0234\u00a0567,50'],
  ])('%d → %s MZN', (amount, text) => {
    expect(formatMzn(amount)).toBe(`${text}\u00a0MZN`);
  });

  it.each([
    ['https://cdn.example.co.mz/a.jpg', 'https://cdn.example.co.mz/a.jpg'],
    ['HTTP://EXAMPLE.COM/a.png', 'http://example.com/a.png'],
  ])('%s is shown as %s', (url, shown) => {
    expect(webImageUrl(url)).toBe(shown);
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', '//evil.example/a.png', 'a.png', '', 42, undefined])(
    '%j is not shown',
    (url) => {
      expect(webImageUrl(url)).toBeUndefined();
    },
  );
});
