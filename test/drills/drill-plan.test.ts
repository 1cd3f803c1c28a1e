/** The drill's plan and the requests it makes: one seed one plan; each case signed as the table of docs/webhooks.md says. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRILL_CASES } from '../../src/drills/drill-cases.ts';
import { drillPlan, type PlannedCase } from '../../src/drills/drill-plan.ts';
import { drillRequest, REPLAY_AFTER_SECONDS, STALE_SECONDS } from '../../src/drills/drill-requests.ts';
import { verifySignature } from '../../src/webhooks/signing.ts';
import { MOCK_SECRET, STANDARD_SECRET } from '../support/drill-support.ts';

const WALL_MS = Date.parse('2026-05-01T12:00:00.000Z');
const STARTED_MS = Date.parse('2026-03-02T10:00:00.000Z');

describe('drill plans', () => {
  it('one seed gives one plan, valid first and every case once; another seed another order and other ids', () => {
    const names = (cases: PlannedCase[]) => cases.map((planned) => planned.name);
    expect(drillPlan(42, 'standard')).toEqual(drillPlan(42, 'standard'));
    expect(names(drillPlan(42, 'standard').cases)[0]).toBe('valid');
    expect([...names(drillPlan(42, 'standard').cases)].sort()).toEqual([...DRILL_CASES].sort());
    expect(names(drillPlan(43, 'standard').cases)).not.toEqual(names(drillPlan(42, 'standard').cases));
    expect(drillPlan(43, 'standard').cases[0]?.deliveries[0]?.eventId).not.toBe(drillPlan(42, 'standard').cases[0]?.deliveries[0]?.eventId);
  });

  it('signs each standard case as its row says: verifiable, stale, replayed, forged, tampered, unsigned, rotated', () => {
    const plan = drillPlan(7, 'standard');
    const target = { url: 'http://127.0.0.1:9/hooks', clientId: 'mock-client', format: 'standard' as const, secret: STANDARD_SECRET };
    const requestOf = (name: string, index = 0) => {
      const planned = plan.cases.find((one) => one.name === name);
      return drillRequest(planned?.deliveries[index] as PlannedCase['deliveries'][number], plan, target, STARTED_MS, WALL_MS);
    };
    const seconds = Math.floor(WALL_MS / 1000);
    const valid = requestOf('valid');
    expect(JSON.parse(valid.body)).toMatchObject({ type: 'order.status_changed', createdAt: '2026-03-02T09:59:00.000Z', data: { status: 'PAID' } });
    expect(valid.headers['webhook-timestamp']).toBe(String(seconds));
    expect(requestOf('stale').headers['webhook-timestamp']).toBe(String(seconds - STALE_SECONDS));
    const replayed = requestOf('replayed');
    expect([replayed.body, replayed.headers['webhook-id'], replayed.headers['webhook-timestamp']]).toEqual([
      valid.body,
      valid.headers['webhook-id'],
      String(seconds - REPLAY_AFTER_SECONDS),
    ]);
    expect(JSON.parse(requestOf('delayed').body).createdAt).toBe('2026-03-02T08:00:00.000Z');
    const rotation = requestOf('rotation');
    expect(rotation.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    const tampered = requestOf('tampered');
    expect(JSON.parse(tampered.body).data.status).toBe('CANCELLED');
    expect(requestOf('unsigned').headers).not.toHaveProperty('webhook-signature');
    expect(requestOf('unsigned').headers).not.toHaveProperty('webhook-timestamp');
    // The signatures alone, at their own timestamps (the time check is the receiver's).
    const signatureHolds = (request: ReturnType<typeof requestOf>) => verifiesAt(request, STANDARD_SECRET);
    expect([valid, rotation, requestOf('stale'), replayed].map(signatureHolds)).toEqual([true, true, true, true]);
    expect([requestOf('forged'), tampered].map(signatureHolds)).toEqual([false, false]);
  });

  it('signs the mock format in X-Mock-Signature, two v1= during the rotation case', () => {
    const plan = drillPlan(7, 'mock');
    const target = { url: 'http://127.0.0.1:9/hooks', clientId: 'mock-client', format: 'mock' as const, secret: MOCK_SECRET };
    const request = (name: string) =>
      drillRequest(plan.cases.find((one) => one.name === name)?.deliveries[0] as PlannedCase['deliveries'][number], plan, target, STARTED_MS, WALL_MS);
    const now = Math.floor(WALL_MS / 1000);
    expect(verifySignature(request('valid').body, request('valid').headers['X-Mock-Signature'], MOCK_SECRET, 300, now)).toBe(true);
    expect(verifySignature(request('rotation').body, request('rotation').headers['X-Mock-Signature'], MOCK_SECRET, 300, now)).toBe(true);
    expect(request('rotation').headers['X-Mock-Signature']?.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(request('stale').body, request('stale').headers['X-Mock-Signature'], MOCK_SECRET, 300, now)).toBe(false);
    expect(verifySignature(request('stale').body, request('stale').headers['X-Mock-Signature'], MOCK_SECRET, 300, now - STALE_SECONDS)).toBe(true);
    expect(verifySignature(request('forged').body, request('forged').headers['X-Mock-Signature'], MOCK_SECRET, 300, now)).toBe(false);
    expect(request('unsigned').headers).not.toHaveProperty('X-Mock-Signature');
  });
});

/** Standard Webhooks' scheme written out: whether any `v1,` signature of the request is the HMAC of its id, its own timestamp and its body with `secret`. */
function verifiesAt(request: { body: string; headers: Record<string, string> }, secret: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`)
    .digest('base64');
  return (request.headers['webhook-signature'] ?? '').split(' ').includes(`v1,${expected}`);
}
