/**
 * What every story reads beside the record itself: the requests the journal holds that named it, the wallet's
 * statement lines and the webhook deliveries (with their attempts) about it.
 */
import { duplicateStory } from '../coverage/lost-replies.ts';
import { fromCentavos, formatMzn, type Centavos } from '../domain/money.ts';
import type { RequestJournal, RequestJournalEntry } from '../state/request-journal.ts';
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
          summary: requestSummary(request, answered),
          requestId: request.id,
          ...(request.traceId !== undefined && { traceId: request.traceId }),
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

/** What the client saw of a request: its answer, or what the network did to it (an armed `network.*`); a duplicate order's says so. */
function requestSummary(request: RequestJournalEntry, answered: string): string {
  return `${seenSummary(request, answered)}${duplicateText(request)}`;
}

function seenSummary(request: RequestJournalEntry, answered: string): string {
  const call = `${request.method} ${request.path}`;
  const held = `${Math.round((request.heldMs ?? 0) / 100) / 10} s`;
  switch (request.network) {
    case undefined:
      return `${call} answered ${answered}`;
    case 'reply_lost':
      return request.operationId === 'createOrder' && request.status === 201
        ? `the answer to ${call} was lost after the order was created (201): the connection closed before the client read a byte of it`
        : `the answer to ${call} was lost after it was handled (${answered}): the connection closed before the client read a byte of it`;
    case 'held':
      if (request.armed?.includes('webhook.before-reply')) return `${call} answered ${answered} after its webhooks were sent (held ${held} for them)`;
      return `${call} answered ${answered} after it was held ${held}`;
    case 'trickled':
      return `${call} answered ${answered}, its body trickled over ${held}`;
    case 'closed_while_trickled':
      return `${call} was handled (${answered}) but the connection closed while its body trickled (${held}): the client read part of it`;
    case 'closed_while_held':
      if (request.status === 0) return `${call}: the connection closed while it was held (${held}), before anything was handled`;
      return `${call} was handled (${answered}) but the connection closed while the answer was held (${held}): the client read nothing`;
    default:
      return `${call}: the connection was ${request.network === 'reset' ? 'reset' : `held ${held}, then dropped`} before anything was handled`;
  }
}

/** `: placed again for the same cart 0.8 s after the answer creating ord_… was lost`, for a duplicate order's request. */
function duplicateText({ duplicateOf, duplicateAfter, duplicateAfterMs }: RequestJournalEntry): string {
  if (duplicateOf === undefined || duplicateAfter === undefined) return '';
  return `: ${duplicateStory({ orderId: duplicateOf, after: duplicateAfter, afterMs: duplicateAfterMs ?? 0 })}`;
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
      // What an armed outcome, or a network profile, did to the receiver's leg (webhooks/leg-send.ts).
      const by = (outcome: string) => (attempt.profile === undefined ? `armed ${outcome}` : `network profile ${attempt.profile}`);
      const leg =
        attempt.network === 'connect_delayed'
          ? ` (connected ${Math.round((attempt.delayedMs ?? 0) / 100) / 10} s late: ${by('webhook.connect-delay')})`
          : attempt.network === 'reset_mid_body'
            ? ` (cut half-way through its body: ${by('webhook.reset-mid-body')})`
            : '';
      entries.push(
        placed(
          STEP.webhook,
          {
            at: attempt.at,
            kind: 'webhook_attempt',
            summary: `Attempt ${at + 1} of ${delivery.type}: ${answer}${leg}`,
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
