/**
 * The whole seeded dataset of one client, as store writes. Factories run in a fixed order on one faker, so
 * the draws — and therefore every id, name, price and timestamp — depend on the seed alone. The default client's
 * at the default seed, what nearly every start seeds, is drawn once by the build (`dist/default-dataset.json`,
 * scripts/draw-default-dataset.mjs): a built mock reads it instead of drawing it again (10–20 ms of CPU at each start).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { CollectionName, StoredRecord } from '../domain/records.ts';
import { DEFAULT_CLIENTS, DEFAULT_SEED } from '../platform/config.ts';
import { BUILT } from '../platform/package-files.ts';
import { createSeededFaker } from '../platform/random.ts';
import { seedPlans, seedProducts } from './fake-catalog.ts';
import type { SeedContext } from './seed-context.ts';
import { seedOrders } from './fake-orders.ts';
import { seedCustomers } from './people.ts';
import { seedSubscriptions } from './fake-subscriptions.ts';

export type DatasetEntry = { collection: CollectionName; record: StoredRecord };

export function buildDataset(seed: number, clientId: string): DatasetEntry[] {
  return drawnByTheBuild(seed, clientId) ?? drawDataset(seed, clientId);
}

/** The build's draw, when it is the one asked for and the build made it (the sources, run as they are, draw). */
function drawnByTheBuild(seed: number, clientId: string): DatasetEntry[] | undefined {
  if (seed !== DEFAULT_SEED || clientId !== DEFAULT_CLIENTS[0]?.clientId || !existsSync(BUILT.defaultDataset)) return undefined;
  return JSON.parse(readFileSync(BUILT.defaultDataset, 'utf8')) as DatasetEntry[];
}

export function drawDataset(seed: number, clientId: string): DatasetEntry[] {
  const context: SeedContext = { faker: createSeededFaker(seed), clientId };
  const products = seedProducts(context);
  const customers = seedCustomers(context);
  const plans = seedPlans(context);
  const subscriptions = seedSubscriptions(context, customers, plans);
  const orders = seedOrders(context, customers, products);
  // Referenced records first, so a reader replaying the batch never meets a dangling reference.
  return [
    ...entries('products', products),
    ...entries('customers', customers),
    ...entries('plans', plans),
    ...entries('subscriptions', subscriptions.subscriptions),
    ...entries('orders', orders.orders),
    ...entries('payments', [...subscriptions.payments, ...orders.payments]),
  ];
}

function entries(collection: CollectionName, records: readonly StoredRecord[]): DatasetEntry[] {
  return records.map((record) => ({ collection, record }));
}
