/**
 * The payer's phone (a virtual handset): the selected client's wallets with their balance, limits and status, and
 * the phone of one of them showing its open prompt as a phone would ("Confirme o pagamento de 886,00 MZN a …"), with
 * a PIN field, Cancel and the time left on the mock clock. Top up, reset the PIN, unlock and add a wallet go
 * through the wallet PUT route; the answer through the prompt route (docs/payer-outcomes.md, Wallets).
 */
import { on, onSubmit } from './context.js';
import { byTestId, cell, el, fillSelect, renderRows } from './dom.js';

const mzn = (amount) => `${Number(amount).toFixed(2)} MZN`;
/** Centavos, so that 0.1 + 0.2 tops up to 0.30 and not 0.30000000000000004. */
const sum = (a, b) => (Math.round(a * 100) + Math.round(b * 100)) / 100;

const limitsText = (limits) =>
  [limits.perTransaction !== undefined && `per payment ${mzn(limits.perTransaction)}`, limits.perDay !== undefined && `per day ${mzn(limits.perDay)}`]
    .filter(Boolean)
    .join(' · ') || 'none';

export function handsetPanel(ctx) {
  const chosen = byTestId('handset-wallet');
  const screen = byTestId('handset-screen');
  const pin = byTestId('handset-pin');
  let wallets = [];
  /** The prompt on screen: a new one (another payment) empties the PIN field; a refresh of the same one keeps it. */
  let shownPaymentId;

  const walletPath = (phone, suffix = '') => `/clients/${encodeURIComponent(ctx.clientId)}/wallets/${encodeURIComponent(phone)}${suffix}`;
  const current = () => wallets.find((wallet) => wallet.phone === chosen.value);
  const put = (label, body) => {
    const wallet = current();
    if (!wallet) return ctx.act(label, async () => Promise.reject(new Error('no wallet chosen')));
    return ctx.act(`${label} ${wallet.phone}`, async () => {
      const { data } = await ctx.admin('PUT', walletPath(wallet.phone), typeof body === 'function' ? body(wallet) : body);
      return `balance ${mzn(data.balance)}, ${data.status}`;
    });
  };
  const answer = (label, body) => {
    const wallet = current();
    return ctx.act(label, async () => {
      const { data } = await ctx.admin('POST', walletPath(wallet?.phone ?? '', '/prompt'), body);
      return `order ${data.orderId} ${data.status}${data.failureReason ? ` (${data.failureReason.code})` : ''}, balance ${mzn(data.wallet.balance)}`;
    });
  };

  chosen.addEventListener('change', () => show());
  onSubmit('handset-pin-form', () => {
    const typed = pin.value;
    pin.value = '';
    return answer('PIN sent', { action: 'pin', pin: typed });
  });
  on('handset-cancel', () => answer('Payment cancelled on the phone', { action: 'cancel' }));
  onSubmit('handset-topup-form', () => {
    const amount = Number(byTestId('handset-topup-amount').value);
    return put(`Topped up ${mzn(amount)}:`, (wallet) => ({ balance: sum(wallet.balance, amount) }));
  });
  onSubmit('handset-pin-reset-form', () => {
    const field = byTestId('handset-new-pin');
    const body = { pin: field.value };
    field.value = '';
    return put('PIN reset:', body);
  });
  on('handset-unlock', () => put('Unlocked:', { status: 'active' }));
  onSubmit('wallet-create-form', () => {
    const phone = byTestId('wallet-new-phone').value.trim();
    const body = { balance: Number(byTestId('wallet-new-balance').value), pin: byTestId('wallet-new-pin').value };
    byTestId('wallet-new-pin').value = '';
    return ctx.act(`Wallet ${phone} saved`, async () => {
      const { data } = await ctx.admin('PUT', walletPath(phone), body);
      chosen.value = data.phone;
      return `${data.phone}, balance ${mzn(data.balance)}`;
    });
  });

  const walletRow = (wallet) =>
    el(
      'tr',
      { testid: 'wallet-row', 'data-phone': wallet.phone, className: wallet.status === 'locked' ? 'failed' : wallet.prompt ? 'open' : undefined },
      cell(wallet.phone),
      cell(wallet.provider),
      cell(mzn(wallet.balance), 'wallet-balance'),
      cell(limitsText(wallet.limits), 'wallet-limits'),
      cell(mzn(wallet.spentToday)),
      cell(wallet.status, 'wallet-status'),
      cell(`${wallet.wrongPins} / ${wallet.lockAfterWrongPins}`),
      cell(wallet.prompt ? mzn(wallet.prompt.amount) : ''),
    );

  /** Seconds left on the mock clock before the prompt expires, recomputed every second. */
  const countDown = () => {
    const expiresAt = Date.parse(screen.dataset.expiresAt ?? '');
    const left = Math.ceil((expiresAt - ctx.mockNowMs()) / 1000);
    byTestId('handset-countdown').textContent = Number.isNaN(left) ? '' : left > 0 ? `${left} s` : 'expired';
  };

  /** The chosen wallet's phone: its balance and status, and its prompt when one is open. */
  function show() {
    const wallet = current();
    const prompt = wallet?.prompt;
    screen.hidden = !wallet;
    byTestId('handset-status').textContent = wallet ? `${wallet.phone} · ${mzn(wallet.balance)} · ${wallet.status}` : '';
    byTestId('handset-unlock').hidden = wallet?.status !== 'locked';
    byTestId('handset-idle').hidden = Boolean(prompt);
    byTestId('handset-prompt-box').hidden = !prompt;
    byTestId('handset-prompt').textContent = prompt?.text ?? '';
    screen.dataset.expiresAt = prompt?.expiresAt ?? '';
    if (prompt?.paymentId !== shownPaymentId) pin.value = '';
    shownPaymentId = prompt?.paymentId;
    countDown();
  }

  return {
    async refresh() {
      byTestId('handset-client').textContent = ctx.clientId;
      wallets = ctx.clientId ? (await ctx.admin('GET', `/clients/${encodeURIComponent(ctx.clientId)}/wallets`)).data : [];
      renderRows(byTestId('wallets'), wallets, walletRow);
      byTestId('wallets-none').hidden = wallets.length > 0;
      fillSelect(chosen, wallets.map((wallet) => [wallet.phone, wallet.prompt ? `${wallet.phone} (prompt)` : wallet.phone]));
      if (!current()) chosen.value = wallets.find((wallet) => wallet.prompt)?.phone ?? wallets[0]?.phone ?? '';
      show();
    },
    tick: countDown,
  };
}
