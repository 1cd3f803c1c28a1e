/**
 * Send a request to the mock's API as the selected client: a token issued through `POST /v1/auth/token` with the
 * client's credentials (read from the admin API), then any call, shown with its status and body. The calls go
 * through the whole request path, so scenarios, the rate limit and the journal see them as an integration's.
 */
import { callApi } from './api.js';
import { on } from './context.js';
import { byTestId, el, fillSelect } from './dom.js';

const ORDER = {
  customer: { name: 'Ana Machava', phone: '+258 84 000 0000' },
  items: [{ name: 'Capulana', price: 350, quantity: 2 }],
};
const SUBSCRIPTION = {
  plan: { originPlanId: 'PLANO-M', name: 'Mensal', price: 499, interval: 'monthly' },
  customer: { merchantCustomerId: 'CLI-1', name: 'Ana Machava', phone: '+258841234567' },
};

/** name → [label, method, path (or a function of the last order id), body]. */
const PRESETS = {
  products: ['List products', 'GET', '/v1/products'],
  'create-product': ['Create a product', 'POST', '/v1/products/create', { name: 'Capulana estampada', price: 350 }],
  'place-order': ['Place an order', 'POST', '/v1/orders', ORDER],
  'order-status': ['Poll the last order’s status', 'GET', (orderId) => `/v1/orders/${orderId}/status`],
  orders: ['List orders', 'GET', '/v1/orders'],
  'create-subscription': ['Create a subscription', 'POST', '/v1/subscriptions', SUBSCRIPTION],
  subscriptions: ['List subscriptions', 'GET', '/v1/subscriptions'],
  payments: ['List payments', 'GET', '/v1/payments'],
  'token-list': ['List my tokens', 'GET', '/v1/auth/token/list'],
};

export function sendPanel(ctx) {
  const field = (testid) => byTestId(testid);
  const preset = field('send-preset');
  fillSelect(preset, Object.entries(PRESETS).map(([name, [label]]) => [name, label]));
  /** Access tokens by client: switching clients switches tokens. */
  const tokens = new Map();
  let lastOrderId = '';

  const showToken = () => {
    const token = tokens.get(ctx.clientId);
    field('send-token').textContent = token ? `…${token.slice(-6)} (${ctx.clientId})` : 'none';
  };
  ctx.onClientChange(showToken);

  const applyPreset = (name) => {
    const [, method, path, body] = PRESETS[name];
    field('send-method').value = method;
    field('send-path').value = typeof path === 'function' ? path(lastOrderId || '{order_id}') : path;
    field('send-body').value = body ? JSON.stringify(body, null, 2) : '';
  };
  preset.addEventListener('change', () => applyPreset(preset.value));

  const show = (answer) => {
    field('send-status').textContent = answer.status === 0 ? 'no answer' : String(answer.status);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2) ?? '';
    field('send-response').replaceChildren(el('code', { text }));
  };

  const issueToken = async () => {
    const { data } = await ctx.admin('GET', `/clients/${encodeURIComponent(ctx.clientId)}/credentials`);
    const body = JSON.stringify({ client_id: data.clientId, client_secret: data.clientSecret });
    const answer = await callApi({ method: 'POST', path: '/v1/auth/token', body, scenario: field('send-scenario').value.trim() });
    show(answer);
    const token = answer.body?.data?.access_token;
    if (token) tokens.set(ctx.clientId, token);
    showToken();
    return token ? `token …${token.slice(-6)}` : `refused (${answer.status} ${answer.body?.error ?? ''})`;
  };

  const send = async () => {
    const method = field('send-method').value;
    const text = field('send-body').value.trim();
    const answer = await callApi({
      method,
      path: field('send-path').value.trim(),
      token: field('send-with-token').checked ? tokens.get(ctx.clientId) : undefined,
      body: method === 'GET' || method === 'HEAD' || text === '' ? undefined : text,
      scenario: field('send-scenario').value.trim(),
    });
    show(answer);
    const data = answer.body?.data;
    if (data?.access_token) tokens.set(ctx.clientId, data.access_token);
    if (method === 'POST' && typeof data?.orderId === 'string') lastOrderId = data.orderId;
    showToken();
    return `${answer.status}${answer.body?.error ? ` ${answer.body.error}` : ''}`;
  };

  on('send-issue-token', () => ctx.act('Issue token', issueToken));
  on('send-submit', () => ctx.act(`${field('send-method').value} ${field('send-path').value}`, send));
  /** The records panel's poll button: a status poll of that order, sent from here so its answer shows. */
  ctx.pollOrder = (orderId) => {
    lastOrderId = orderId;
    preset.value = 'order-status';
    applyPreset('order-status');
    return ctx.act(`Poll ${orderId}`, send);
  };
  applyPreset(preset.value);
  return { refresh: async () => showToken() };
}
