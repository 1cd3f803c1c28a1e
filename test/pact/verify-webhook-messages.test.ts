/**
 * `verify` on webhook messages: a message the mock's webhooks do not match fails with the verifier's difference;
 * a message naming no event of the catalogue, or verified against a provider without the admin API, is not
 * verifiable, said why.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DriftReport } from '../../src/verify/drift-report.ts';
import { runCli } from '../support/cli.ts';
import { COMMITTED_WEBHOOK_PACT } from '../support/pact/committed-pact.ts';

interface MessageInteraction {
  description: string;
  providerStates: Array<{ name: string; params: Record<string, unknown> }>;
  contents: { content: { data: Record<string, unknown> } };
}

function pactWith(change: (interactions: MessageInteraction[]) => MessageInteraction[]): string {
  const pact = JSON.parse(readFileSync(COMMITTED_WEBHOOK_PACT, 'utf8')) as { interactions: MessageInteraction[] };
  const file = join(mkdtempSync(join(tmpdir(), 'webhook-pact-')), 'webhooks.json');
  writeFileSync(file, JSON.stringify({ ...pact, interactions: change(pact.interactions) }));
  return file;
}

async function verifyReport(args: string[]): Promise<{ code: number; report: DriftReport }> {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-verify-'));
  const result = await runCli(['verify', ...args, '--report', join(dir, 'drift')], { stopAfterMs: 120_000 });
  return { code: result.code, report: JSON.parse(readFileSync(join(dir, 'drift', 'verify-report.json'), 'utf8')) as DriftReport };
}

describe('verify: webhook messages', () => {
  it('fails a message the real webhook does not match, and names an unknown event as not verifiable', async () => {
    const file = pactWith((interactions) => {
      const paid = structuredClone(interactions.find((interaction) => interaction.providerStates[0]?.name === 'order.paid is triggered')!);
      paid.description = 'an order webhook with a status the mock never sends';
      paid.contents.content.data['status'] = 'SHIPPED';
      const refunded = structuredClone(paid);
      refunded.description = 'a refund webhook';
      refunded.providerStates = [{ name: 'order.refunded is triggered', params: { event: 'order.refunded' } }];
      return [paid, refunded];
    });
    const { code, report } = await verifyReport([file]);
    expect(code).toBe(1);
    expect(report.summary).toEqual({ verified: 0, failed: 1, 'not verifiable': 1 });
    const [shipped, refund] = report.interactions;
    expect(shipped).toMatchObject({ verdict: 'failed', states: ['order.paid is triggered'] });
    expect(shipped!.details.join('\n')).toMatch(/\$\.data\.status: Expected 'PAID' \(String\) to be equal to 'SHIPPED' \(String\)/);
    expect(refund).toMatchObject({ verdict: 'not verifiable' });
    expect(refund!.details[0]).toContain('an event of the catalogue (order.paid, order.failed');
  }, 120_000);

  it('a provider without the admin API cannot send a webhook: not verifiable', async () => {
    const { code, report } = await verifyReport([COMMITTED_WEBHOOK_PACT, '--target', 'real']);
    expect(code).toBe(0);
    expect(report.summary.verified).toBe(0);
    expect(report.interactions.every((interaction) => interaction.verdict === 'not verifiable')).toBe(true);
    expect(report.interactions[0]!.details).toEqual(['a webhook message is triggered through the admin API: only a commerce-mock can send it']);
  }, 120_000);
});
