/** Create, list, get, sync and batch sync for products, customers and plans (one shape, three kinds). */
import { failure } from '../errors/failures.ts';
import { callerOf, worldOf, type Handler } from './handler.ts';
import { created, okData, okPage, replyOf } from '../domain/reply.ts';
import type { CatalogFlow } from '../catalog/catalog-flow.ts';
import { paginate } from '../domain/pagination.ts';
import { toPublic } from '../domain/public-view.ts';

type Fields = Record<string, unknown>;

/** Each handler serves the same operation of the three kinds, so it takes any of their bodies. */
export interface CatalogHandlers {
  create: Handler<'createProduct' | 'createProductAtCollection' | 'createCustomer' | 'createPlan'>;
  list: Handler<'listProducts' | 'listCustomers' | 'listPlans'>;
  get: Handler<'getProduct' | 'getCustomer' | 'getPlan'>;
  sync: Handler<'syncProduct' | 'syncCustomer' | 'syncPlan'>;
  syncBatch: Handler<'syncProductsBatch' | 'syncCustomersBatch' | 'syncPlansBatch'>;
}

export function catalogHandlers(flow: CatalogFlow, idParam: string): CatalogHandlers {
  return {
    create: (input) => replyOf(flow.create(worldOf(input), input.body), (record) => created(toPublic(record))),
    list(input) {
      const page = paginate(flow.list(callerOf(input)), input.query);
      return okPage(page.items.map(toPublic), page.pagination);
    },
    get(input) {
      const record = flow.get(callerOf(input), input.params[idParam]);
      return record ? okData(toPublic(record)) : failure('not_found');
    },
    sync: (input) =>
      replyOf(flow.sync(worldOf(input), input.body), (upsert) => okData(toPublic(upsert.record), upsert.created ? 201 : 200)),
    syncBatch(input) {
      // `{products: […]}`, `{customers: […]}` or `{plans: […]}`: the kind's batch field holds the records.
      const records = (input.body as Partial<Record<string, Fields[]>>)[flow.kind.batchField] ?? [];
      return replyOf(flow.syncBatch(worldOf(input), records), (batch) => ({
        ok: true,
        status: 200,
        body: { data: batch.records.map(toPublic), summary: { created: batch.created, updated: batch.updated } },
      }));
    },
  };
}
