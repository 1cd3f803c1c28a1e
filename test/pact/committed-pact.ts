/** Where the merchant's contract is committed. */
import { fileURLToPath } from 'node:url';

export const COMMITTED_PACT = fileURLToPath(new URL('../../pacts/merchant-app-commerce-api.json', import.meta.url));
