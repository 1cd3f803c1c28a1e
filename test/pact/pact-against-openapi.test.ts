/**
 * Pact against OpenAPI: the committed contract asks only for what spec/openapi.yaml offers; a consumer team's
 * pact that expects a field the service does not have is named, field by field. A pact names only what its
 * consumer reads, so fields the document requires may be left out.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPactFile } from '../../src/pact-check/pact-openapi-check.ts';
import { sharedRouter } from '../support/shared-router.ts';
import { COMMITTED_PACT } from '../support/pact/committed-pact.ts';

const STOREFRONT_PACT = fileURLToPath(new URL('./fixtures/storefront-pact.json', import.meta.url));

describe('pact against spec/openapi.yaml', () => {
  it('allows every interaction of pacts/merchant-app-commerce-api.json', async () => {
    const checked = await checkPactFile(COMMITTED_PACT, await sharedRouter());
    if (!checked.readable) throw new Error(checked.reason);
    expect(checked.report.interactions.filter((interaction) => !interaction.ok)).toEqual([]);
    expect(checked.report.summary).toMatchObject({ allowed: 38, notAllowed: 0, skipped: 0 });
  });

  it("names what a consumer team's pact asks for that the service does not offer", async () => {
    const checked = await checkPactFile(STOREFRONT_PACT, await sharedRouter());
    if (!checked.readable) throw new Error(checked.reason);
    expect(checked.report.interactions.map(({ description, ok, problems }) => ({ description, ok, problems }))).toEqual([
      { description: 'the storefront lists products', ok: true, problems: [] },
      {
        description: "the storefront reads a product's stock",
        ok: false,
        problems: [{ where: 'response.body', message: 'data[0].stock: not a field of 200 of listProducts' }],
      },
      { description: 'the storefront asks for a gift card', ok: false, problems: [{ where: 'request.path', message: 'no operation at /v1/gift-cards' }] },
    ]);
  });
});
