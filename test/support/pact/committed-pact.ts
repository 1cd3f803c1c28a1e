/** Where the merchant's contract is committed. */
import { fileURLToPath } from 'node:url';

export const COMMITTED_PACT = fileURLToPath(new URL('../../../pacts/merchant-app-commerce-api.json', import.meta.url));

/** Where the merchant's contract for the webhooks it receives is committed. */
export const COMMITTED_WEBHOOK_PACT = fileURLToPath(new URL('../../../pacts/merchant-app-commerce-api-webhooks.json', import.meta.url));
