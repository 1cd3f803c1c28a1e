/**
 * What every story reads beside the record itself: the requests the journal holds that named it, the wallet's
 * statement lines and the webhook deliveries (with their attempts) about it.
 */
import { fromCentavos, formatMzn, type Centavos } from '../domain/money.ts';
import type { RequestJournal } from '../state/request-journal.ts';
import type { Store } from '../store/store-types.ts';
import type { Delivery, DeliveryFilter } from '../webhooks/delivery-log.ts';
import type { WalletEntryRecord } from '../wallets/wallet-record.ts';
import { placed, STEP, type PlacedEntry } from './story-entry.ts';

export interface StorySources {
  store: Pick<Store, 'get' | 'list'>;
  journal: Pick<RequestJournal, 'list'>;
  deliveries(filter: DeliveryFilter): Delivery[];
}

/** The journal's requests of the client that named one of `ids` (a record, its payments). */
export function requestEntries(sources: StorySources, clientId: string, ids: readonly string[]): PlacedEntry[] {
  const seen = new Set<string>();
  const entries: PlacedEntry[] = [];
  for (const touching of ids) {
    for (const request of sources.journal.list({ clientId, touching }, Number.MAX_SAFE_INTEGER).entries) {
      const key = `${request.id} ${request.receivedAt}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const answered = `${request.status}${request.error === undefined ? '' : ` ${request.error}`}`;
      entries.push(
        placed(STEP.request, {
          at: request.receivedAt,
          kind: 'request',
          summary: `${request.method} ${request.path} answered ${answered}`,
          requestId: request.id,
          method: request.method,
          path: request.path,
          ...(request.operationId !== undefined && { operationId: request.operationId }),
          statusCode: request.status,
          ...(request.error !== undefined && { error: request.error }),
        }),
      );
    }
  }
  return entries;
}

/** The statement lines written for the record's payments (`orderId` or `subscriptionId`). */
export function walletEntries(sources: StorySources, clientId: string, owner: { orderId: string } | { subscriptionId: string }): PlacedEntry[] {
  const ofOwner = (line: WalletEntryRecord) => ('orderId' in owner ? line.orderId === owner.orderId : line.subscriptionId === owner.subscriptionId);
  return sources.store
    .list<WalletEntryRecord>('walletEntries', clientId)
    .filter(ofOwner)
    .map((line) => {
      const amount = fromCentavos(line.amountCentavos as Centavos);
      const balanceAfter = fromCentavos(line.balanceAfterCentavos as Centavos);
      const summary =
        line.kind === 'debit'
          ? `The wallet ${line.phone} paid ${formatMzn(amount)} (balance ${formatMzn(balanceAfter)})`
          : `The wallet ${line.phone} did not pay: ${line.failureReason?.code ?? line.kind}`;
      return placed(STEP.wallet, {
        at: line.createdAt,
        kind: 'wallet',
        summary,
        walletEntry: line.kind,
        phone: line.phone,
        paymentId: line.paymentId,
        amount,
        balanceAfter,
        ...(line.failureReason && { failureReason: line.failureReason }),
      });
    });
}

/** The deliveries whose payload names the record (`orderId` or `subscriptionId`), each followed by its attempts. */
export function webhookEntries(sources: StorySources, clientId: string, names: (data: Record<string, unknown>) => boolean): PlacedEntry[] {
  const deliveries = sources.deliveries({ clientId }).filter((delivery) => names(delivery.payload.data as unknown as Record<string, unknown>));
  return deliveries.reverse().flatMap((delivery, index) => {
    const data = delivery.payload.data;
    const first = index * 1000;
    const entries = [
      placed(
        STEP.webhook,
        {
          at: delivery.createdAt,
          kind: 'webhook_delivery',
          summary: `Webhook ${delivery.type} (${data.status}) to ${delivery.url}: ${delivery.status}`,
          deliveryId: delivery.id,
          eventType: delivery.type,
          status: delivery.status,
        },
        first,
      ),
    ];
    delivery.attempts.forEach((attempt, at) => {
      const answer = attempt.statusCode !== undefined ? `the receiver answered ${attempt.statusCode}` : `no answer: ${attempt.error ?? 'none'}`;
      entries.push(
        placed(
          STEP.webhook,
          {
            at: attempt.at,
            kind: 'webhook_attempt',
            summary: `Attempt ${at + 1} of ${delivery.type}: ${answer}`,
            deliveryId: delivery.id,
            attempt: at + 1,
            ...(attempt.statusCode !== undefined && { statusCode: attempt.statusCode }),
            ...(attempt.error !== undefined && { error: attempt.error }),
            durationMs: attempt.durationMs,
          },
          first + at + 1,
        ),
      );
    });
    return entries;
  });
}
