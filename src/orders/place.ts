/**
 * Placing an order in the five forms of the seed: customer and items as new data (upserted by merchant key)
 * or as references, with or without shipping. The order, its pending payment and any upserted customer and
 * products are written together, or nothing is.
 */
import { failure } from '../errors/failures.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { Schemas } from '../domain/operation-ids.ts';
import type { OrderRecord, ProductRecord } from '../domain/records.ts';
import type { FlowDeps } from '../deps/deps.ts';
import type { World } from '../deps/world.ts';
import { isProblem, resolveCustomer, resolveProduct, unknownReferences, type Resolved } from '../catalog/references.ts';
import { upsertScope } from '../catalog/upsert-scope.ts';
import { writeNewPurchase } from './new-purchase.ts';
import { isWithinAmountCap, priceOrder } from './pricing.ts';

export type OrderInput = Schemas['OrderInput'];

export function placeOrder(deps: FlowDeps, world: World, input: OrderInput): Outcome<OrderRecord> {
  const { clientId } = world;
  const scope = upsertScope(deps, world, { repeatedKeys: true });
  const customer = resolveCustomer(scope, input.customer, 'customer');
  const products = input.items.map((item, index) => resolveProduct(scope, item, `items[${index}]`));
  const problems = [customer, ...products].filter(isProblem).map((resolution) => resolution.problem);
  if (isProblem(customer) || problems.length > 0) return unknownReferences(problems);
  const resolvedProducts = products.filter((product): product is Resolved<ProductRecord> => !isProblem(product));

  const lines = resolvedProducts.map((product, index) => ({
    productId: product.record.id,
    name: product.record.name,
    quantity: input.items[index]?.quantity ?? 1,
    price: product.record.price,
  }));
  if (!isWithinAmountCap(lines, input.shippingCost)) {
    return failure('order_amount_cap');
  }
  const totals = priceOrder(lines, input.shippingCost);
  const now = scope.now;
  const id = deps.random.id(ID_PREFIX.order);
  const paymentId = deps.random.id(ID_PREFIX.payment);
  const { customer: _customer, items: _items, shippingCost: _shipping, ...rest } = input;
  const order: OrderRecord = {
    ...rest,
    id,
    orderId: id,
    clientId,
    status: 'PENDING',
    customerId: customer.record.id,
    ...totals,
    currency: 'MZN',
    statusHistory: [{ status: 'PENDING', at: now }],
    createdAt: now,
    updatedAt: now,
    _paymentId: paymentId,
  };
  return writeNewPurchase(deps.store, {
    references: [customer, ...resolvedProducts],
    collection: 'orders',
    record: order,
    created: { type: 'order.created', clientId, at: now, orderId: id, status: 'PENDING' },
    payment: { id: paymentId, owner: { orderId: id }, amount: totals.amount, payerPhone: customer.record.phone },
  });
}
