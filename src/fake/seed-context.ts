/** What every factory of the seeded dataset shares: one private seeded faker and the owner of the records. */
import type { Faker } from '@faker-js/faker';

export interface SeedContext {
  /** The only source of randomness of the dataset; draws happen in a fixed order. */
  faker: Faker;
  /** The default client: every seeded record belongs to it. */
  clientId: string;
}

/** Upper-case merchant key with a zero-padded sequence number, e.g. `CUST-0001`. */
export function merchantKey(prefix: string, index: number, width = 4): string {
  return `${prefix}-${String(index).padStart(width, '0')}`;
}
