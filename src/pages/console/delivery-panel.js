/** Webhooks: the selected client's endpoint (set, remove), and the deliveries with their attempts and a re-send. */
import { on, onSubmit } from './context.js';
import { byTestId, cell, el, renderRows, shortTime, storyLink } from './dom.js';

const SHOWN = 50;

const lastAttempt = (delivery) => {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return delivery.nextAttemptAt ? `next ${shortTime(delivery.nextAttemptAt)}` : '';
  const outcome = attempt.statusCode ?? attempt.error ?? '';
  return delivery.nextAttemptAt ? `${outcome} · retry ${shortTime(delivery.nextAttemptAt)}` : String(outcome);
};

/** The order or subscription a delivery is about (its payload's `orderId` or `subscriptionId`). */
const recordOf = (delivery) => delivery.payload?.data?.orderId ?? delivery.payload?.data?.subscriptionId;

export function deliveryPanel(ctx) {
  const webhookPath = () => `/clients/${encodeURIComponent(ctx.clientId)}/webhook`;
  onSubmit('webhook-form', () =>
    ctx.act(`Webhook of ${ctx.clientId} set`, () =>
      ctx.admin('PUT', webhookPath(), { url: byTestId('webhook-url').value.trim(), secret: byTestId('webhook-secret').value }),
    ),
  );
  on('webhook-remove', () => ctx.act(`Webhook of ${ctx.clientId} removed`, () => ctx.admin('DELETE', webhookPath())));

  const deliveryRow = (delivery) =>
    el(
      'tr',
      { testid: 'delivery-row', 'data-delivery-id': delivery.id, className: delivery.status === 'failed' ? 'failed' : '' },
      cell(shortTime(delivery.createdAt)),
      cell(delivery.resentFrom ? `${delivery.id} (re-send of ${delivery.resentFrom})` : delivery.duplicateOf ? `${delivery.id} (duplicate)` : delivery.id),
      cell(delivery.clientId),
      cell(delivery.type),
      cell(delivery.status, 'delivery-status'),
      cell(delivery.attempts.length),
      cell(lastAttempt(delivery)),
      cell(delivery.eventId, 'delivery-event'),
      el('td', { className: 'id' }, recordOf(delivery) ? storyLink(ctx, recordOf(delivery), 'delivery-story') : undefined),
      el(
        'td',
        {},
        el('button', {
          testid: 'delivery-resend',
          text: 'Re-send',
          onclick: () => ctx.act(`Delivery ${delivery.id} re-sent`, () => ctx.admin('POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/resend`)),
        }),
      ),
    );
  return {
    async refresh() {
      const deliveries = (await ctx.admin('GET', '/webhooks/deliveries')).data.slice(0, SHOWN);
      renderRows(byTestId('deliveries'), deliveries, deliveryRow);
    },
  };
}
