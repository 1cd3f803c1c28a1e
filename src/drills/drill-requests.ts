/**
 * The request a planned delivery makes: the body the mock would send for its change, signed as the case asks in
 * the drill's format with the same signers the webhooks use. The signature's timestamp is the real time of
 * sending (as every delivery's), moved back for `stale` (10 minutes) and `replayed` (6 minutes): a receiver judges
 * the timestamp it is given, so the drill need not wait those minutes.
 */
import type { WebhookFormat } from '../domain/webhook-secret.ts';
import type { WebhookRequest } from '../webhooks/http-send.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../webhooks/signing.ts';
import { standardHeaders } from '../webhooks/standard-signing.ts';
import type { DrillPlan, PlannedDelivery } from './drill-plan.ts';
import { storyPayload } from './drill-story.ts';

export const STALE_SECONDS = 600;
export const REPLAY_AFTER_SECONDS = 360;

export interface DrillTarget {
  url: string;
  clientId: string;
  format: WebhookFormat;
  /** The secret the receiver verifies with. */
  secret: string;
}

/** `startedMs`: the drill's start on the mock clock (the bodies' times); `wallMs`: now, real time (the signature's). */
export function drillRequest(delivery: PlannedDelivery, plan: DrillPlan, target: DrillTarget, startedMs: number, wallMs: number): WebhookRequest {
  const payload = storyPayload(delivery.change, delivery.eventId, target.clientId, startedMs);
  const body = JSON.stringify(payload);
  const { signing } = delivery;
  const back = signing === 'stale' ? STALE_SECONDS : signing === 'replayed' ? REPLAY_AFTER_SECONDS : 0;
  const seconds = Math.floor(wallMs / 1000) - back;
  const secrets = signing === 'wrong-secret' ? [plan.wrongSecret] : signing === 'rotation' ? [plan.rotatedSecret, target.secret] : [target.secret];
  const signature =
    target.format === 'standard' ? standardHeaders(delivery.eventId, seconds, body, secrets) : { [SIGNATURE_HEADER]: signatureHeader(body, secrets, seconds) };
  const unsigned = signing === 'unsigned' ? withoutSignature(signature) : signature;
  return {
    url: target.url,
    body: signing === 'tampered' ? tampered(body) : body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'commerce-mock-drill/1',
      ...unsigned,
      'X-Mock-Event-Id': delivery.eventId,
      'X-Mock-Event-Type': payload.type,
      'X-Mock-Delivery-Id': delivery.deliveryId,
    },
  };
}

/** The same headers without what signs: `webhook-id` stays (it names the event), the timestamp and signatures go. */
function withoutSignature(headers: Record<string, string>): Record<string, string> {
  const { 'webhook-id': id } = headers;
  return id === undefined ? {} : { 'webhook-id': id };
}

/** The body with `data.status` changed: what an attacker would change, and still valid JSON of the same shape. */
function tampered(body: string): string {
  const payload = JSON.parse(body) as { data: { status: string } };
  payload.data.status = payload.data.status === 'PAID' ? 'CANCELLED' : 'PAID';
  return JSON.stringify(payload);
}

/** Headers as reports show them: a signature keeps its first 8 characters (enough to compare, nothing to reuse). */
export function headersWithShortSignatures(headers: Record<string, string>): Record<string, string> {
  const masked = { ...headers };
  const mockSignature = masked[SIGNATURE_HEADER];
  if (mockSignature !== undefined) masked[SIGNATURE_HEADER] = mockSignature.replace(/v1=([0-9a-f]{8})[0-9a-f]+/g, 'v1=$1…');
  const standard = masked['webhook-signature'];
  if (standard !== undefined) masked['webhook-signature'] = standard.replace(/v1,([A-Za-z0-9+/]{8})[A-Za-z0-9+/=]+/g, 'v1,$1…');
  return masked;
}
