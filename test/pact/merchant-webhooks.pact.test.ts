/**
 * The merchant's contract for the webhooks it receives, as Pact asynchronous messages (specification V4): each
 * example message is handed to the merchant's receiver, which must act on it. The pact is written to a scratch
 * directory and compared with the committed pacts/merchant-app-commerce-api-webhooks.json: a stale committed file
 * fails. `npm run pacts` writes it.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { declareWebhook, webhookCases } from '../support/pact/cases/webhook-cases.ts';
import { COMMITTED_WEBHOOK_PACT } from '../support/pact/committed-pact.ts';
import { statusUpdateOf } from '../support/pact/merchant-webhooks.ts';

const scratch = mkdtempSync(join(tmpdir(), 'merchant-webhook-pact-'));
const written = join(scratch, 'merchant-app-commerce-api-webhooks.json');

const pact = new PactV4({
  consumer: 'merchant-app',
  provider: 'commerce-api-webhooks',
  dir: scratch,
  spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  logLevel: 'error',
});

describe('merchant-app ← commerce-api webhooks contract', () => {
  for (const contract of webhookCases) {
    it(contract.description, async () => {
      await declareWebhook(pact, contract).executeTest(async (message) => {
        const update = statusUpdateOf(message.contents.content);
        expect(update).toEqual({ eventId: 'evt_4fQ9x2LrT0aZ8mKcP1sD', ...contract.expected });
      });
    });
  }

  it('the committed webhook pact is the one these interactions write', () => {
    if (process.env['PACT_UPDATE'] === '1') copyFileSync(written, COMMITTED_WEBHOOK_PACT);
    const committed = JSON.parse(readFileSync(COMMITTED_WEBHOOK_PACT, 'utf8')) as unknown;
    const fresh = JSON.parse(readFileSync(written, 'utf8')) as unknown;
    expect(committed, 'pacts/merchant-app-commerce-api-webhooks.json is stale: run `npm run pacts`').toEqual(fresh);
  });
});
