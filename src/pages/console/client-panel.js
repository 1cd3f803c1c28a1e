/** Clients: active or not, their tokens with the time each has left on the mock clock, revoke, expire, add. */
import { onSubmit } from './context.js';
import { byTestId, cell, el, fillSelect, renderRows, shortTime } from './dom.js';

export function clientPanel(ctx) {
  const select = byTestId('client-select');
  select.addEventListener('change', () => ctx.selectClient(select.value));
  const clientPath = (clientId, action) => `/clients/${encodeURIComponent(clientId)}/${action}`;

  const actions = (client) => {
    const act = (label, testid, action, text) =>
      el('button', { testid, text, onclick: () => ctx.act(`${label} ${client.clientId}`, () => ctx.admin('POST', clientPath(client.clientId, action))) });
    return el(
      'td',
      { className: 'actions' },
      client.active ? act('Deactivated', 'client-deactivate', 'deactivate', 'Deactivate') : act('Reactivated', 'client-reactivate', 'reactivate', 'Reactivate'),
      act('Revoked the tokens of', 'client-revoke-tokens', 'tokens/revoke', 'Revoke tokens'),
      act('Expired the tokens of', 'client-expire-tokens', 'tokens/expire', 'Expire tokens'),
    );
  };
  const clientRow = (client) =>
    el(
      'tr',
      { 'data-client-id': client.clientId, testid: 'client-row' },
      cell(client.clientId),
      cell(client.name),
      cell(client.active ? 'yes' : 'no', 'client-active'),
      cell(client.activeTokens, 'client-token-count'),
      cell(client.scenario),
      cell(client.webhook?.url),
      actions(client),
    );

  const tokenRow = (token) =>
    el(
      'tr',
      { testid: 'token-row' },
      cell(`…${token.tokenHint}`),
      cell(shortTime(token.issuedAt)),
      cell(shortTime(token.expiresAt)),
      el('td', { testid: 'token-countdown', 'data-expires-at': token.expiresAt ?? '' }),
      cell(shortTime(token.lastUsedAt)),
    );
  /** Seconds left on the mock clock, recomputed every second without reloading the list. */
  const countDown = () => {
    for (const countdown of document.querySelectorAll('[data-testid="token-countdown"]')) {
      const expiresAt = Date.parse(countdown.dataset.expiresAt);
      const left = Math.ceil((expiresAt - ctx.mockNowMs()) / 1000);
      countdown.textContent = Number.isNaN(left) ? 'never' : left > 0 ? `${left} s` : 'expired';
    }
  };

  onSubmit('client-create-form', () => {
    const id = byTestId('client-new-id').value.trim();
    const name = byTestId('client-new-name').value.trim();
    const body = { clientId: id, clientSecret: byTestId('client-new-secret').value, ...(name ? { name } : {}) };
    return ctx.act(`Client ${id} added`, () => ctx.admin('POST', '/clients', body));
  });

  return {
    async refresh() {
      ctx.clients = (await ctx.admin('GET', '/clients')).data;
      fillSelect(select, ctx.clients.map((client) => [client.clientId, client.clientId]));
      // The client chosen (in the page or by the address) while it exists, else the first.
      select.value = ctx.clients.some((client) => client.clientId === ctx.clientId) ? ctx.clientId : (ctx.clients[0]?.clientId ?? '');
      ctx.selectClient(select.value);
      renderRows(byTestId('clients'), ctx.clients, clientRow);
      byTestId('tokens-client').textContent = ctx.clientId;
      const tokens = ctx.clientId ? (await ctx.admin('GET', clientPath(ctx.clientId, 'tokens'))).data : [];
      renderRows(byTestId('tokens'), tokens, tokenRow);
      countDown();
    },
    tick: countDown,
  };
}
