import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/domain/events.ts';
import { isWebhookEvent, webhookPayloadOf } from '../../src/webhooks/payload.ts';

// Every domain event type (src/domain/events.ts): a type added there and missing here fails the typecheck.
const EVERY_TYPE: Record<DomainEvent['type'], true> = {
  'order.created': true, 'order.paid': true, 'order.failed': true, 'order.cancelled': true,
  'payment.created': true, 'payment.paid': true, 'payment.failed': true, 'payment.cancelled': true, 'payment.refunded': true,
  'subscription.created': true, 'subscription.activated': true, 'subscription.past_due': true, 'subscription.cancelled': true,
  'token.issued': true, 'token.revoked': true,
  'product.created': true, 'product.updated': true, 'customer.created': true, 'customer.updated': true, 'plan.created': true, 'plan.updated': true,
};
const TYPES = Object.keys(EVERY_TYPE) as Array<DomainEvent['type']>;

describe('which events are sent as webhooks', () => {
  it.each(TYPES)('isWebhookEvent(%s) agrees with webhookPayloadOf', (type) => {
    const event = { type, clientId: 'mock-client', at: '2026-03-02T10:00:00.000Z', orderId: 'ord_1', paymentId: 'pay_1', subscriptionId: 'sub_1', status: 'PAID' } as unknown as DomainEvent;
    expect(isWebhookEvent(event)).toBe(webhookPayloadOf(event, 'evt_1') !== undefined);
  });

  it('the status changes are webhooks; creations, tokens and catalogue records are not', () => {
    expect(TYPES.filter((type) => isWebhookEvent({ type }))).toEqual([
      'order.paid', 'order.failed', 'order.cancelled',
      'payment.paid', 'payment.failed', 'payment.cancelled', 'payment.refunded',
      'subscription.activated', 'subscription.past_due', 'subscription.cancelled',
    ]);
  });
});
