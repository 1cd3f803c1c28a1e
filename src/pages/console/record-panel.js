/** The selected client's newest orders (transition and poll buttons, a link to the checkout page), subscriptions and payments. */
import { byTestId, cell, el, renderRows, shortTime, storyLink } from './dom.js';

const SHOWN = 20;
const FINAL_STATUSES = ['PAID', 'FAILED', 'CANCELLED'];

const money = (record) => `${Number(record.amount).toFixed(2)} ${record.currency}`;

/** A failed or cancelled payment's reason (docs/payer-outcomes.md): its code, the wallet's code, the message. */
const reasonText = (reason) =>
  reason ? `${reason.code}${reason.providerCode ? ` (${reason.providerCode})` : ''}: ${reason.message}` : '';

export function recordPanel(ctx) {
  /** A record's row: its id (an order's and a subscription's a link to its story) and status first, then `rest`. */
  const recordRow = (kind, record, ...rest) =>
    el(
      'tr',
      { testid: `${kind}-row`, [`data-${kind}-id`]: record.id },
      kind === 'payment' ? cell(record.id) : el('td', { className: 'id' }, storyLink(ctx, record.id, `${kind}-story`)),
      cell(record.status, `${kind}-status`),
      ...rest,
    );
  const transition = (order, status) =>
    el('button', {
      testid: `order-transition-${status}`,
      text: status,
      onclick: () => ctx.act(`Order ${order.id} → ${status}`, () => ctx.admin('POST', `/orders/${encodeURIComponent(order.id)}/transition`, { status })),
    });
  const orderRow = (order) =>
    recordRow(
      'order',
      order,
      cell(money(order)),
      cell(shortTime(order.createdAt)),
      el(
        'td',
        { className: 'actions' },
        order.status === 'PENDING' ? FINAL_STATUSES.map((status) => transition(order, status)) : [],
        el('button', { testid: 'order-poll', text: 'Poll status', onclick: () => ctx.pollOrder(order.id) }),
        // The page the order's `checkout` link names (same origin), in a tab of its own: the console keeps running.
        el('a', { testid: 'order-checkout', href: `/checkout/${encodeURIComponent(order.id)}`, target: '_blank', rel: 'noopener', text: 'Checkout page' }),
      ),
    );
  const subscriptionRow = (subscription) =>
    recordRow(
      'subscription',
      subscription,
      cell(`${subscription.attempts} / ${subscription.maxAttempts}`),
      cell(shortTime(subscription.currentPeriodEnd)),
      cell(shortTime(subscription.createdAt)),
    );
  const paymentRow = (payment) =>
    recordRow(
      'payment',
      payment,
      cell(payment.method),
      cell(money(payment)),
      cell(reasonText(payment.failureReason), 'payment-reason'),
      el('td', { className: 'id' }, storyLink(ctx, payment.orderId ?? payment.subscriptionId, 'payment-story')),
      cell(shortTime(payment.createdAt)),
    );

  const list = async (kind, row) => {
    const page = await ctx.admin('GET', `/clients/${encodeURIComponent(ctx.clientId)}/${kind}?limit=${SHOWN}`);
    renderRows(byTestId(kind), page.data, row);
    const { total } = page.pagination;
    byTestId(`${kind}-total`).textContent = total > SHOWN ? `(newest ${SHOWN} of ${total})` : `(${total})`;
  };
  return {
    async refresh() {
      byTestId('records-client').textContent = ctx.clientId;
      if (!ctx.clientId) return;
      await Promise.all([list('orders', orderRow), list('subscriptions', subscriptionRow), list('payments', paymentRow)]);
    },
  };
}
