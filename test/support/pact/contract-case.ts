/** One interaction of the merchant's contract: how it is declared, and what the consumer does against it. */
import type { PactV4 } from '@pact-foundation/pact';
import { EXAMPLE } from './matchers.ts';
import { MerchantApp } from './merchant-app.ts';

/** What `willRespondWith` answers (pact-js does not export the type by name). */
type V4InteractionWithResponse = ReturnType<ReturnType<ReturnType<PactV4['addInteraction']>['withRequest']>['willRespondWith']>;

export interface ContractCase {
  /** The interaction's description, also the test's title. */
  description: string;
  declare(pact: PactV4): V4InteractionWithResponse;
  /** The consumer's code run against Pact's mock server at `baseUrl`, with what it must observe. */
  exercise(baseUrl: string): Promise<void>;
}

/** The merchant app holding the example access token (at verification the provider state supplies a real one). */
export function signedIn(baseUrl: string): MerchantApp {
  return new MerchantApp(baseUrl, EXAMPLE.accessToken);
}

export const ACTIVE_CLIENT = 'client {clientId} is active';
export const MOCK_CLIENT = { clientId: 'mock-client' };
