/** Orders: create in the five forms of the seed, list, get, and the status operation meant for polling. */
import { paymentMethodForPhone } from '../domain/money.ts';
import { isExactTotal, orderView, PAID_ON_STATUS_POLL, priceOrder, statusView, transitionOrder } from '../domain/orders.ts';
import { paginate } from '../domain/pagination.ts';
import { type OrderRecord, type PaymentRecord, type ProductRecord, type ShippingAddress } from '../domain/records.ts';
import type { UpsertScope } from '../domain/upsert.ts';
import { failure, type ErrorDetail } from '../http/errors.ts';
import { created, okData, okPage } from '../http/reply.ts';
import type { CollectionName, StoredRecord } from '../store/types.ts';
import { ownRecord } from './catalog.ts';
import { isProblem, resolveCustomer, resolveProduct, type Resolved } from './references.ts';
import { callerOf, type Handler } from './types.ts';

interface OrderInput {
  customer: Record<string, unknown>;
  items: Array<Record<string, unknown> & { quantity: number }>;
  source?: { source: string };
  shippingAddress?: ShippingAddress;
  shippingAddressDisabled?: boolean;
  deliveryInfoDisabled?: boolean;
  shippingCost?: number;
}

export const createOrder: Handler = (input, deps) => {
  const body = input.body as OrderInput;
  if (body.shippingAddress !== undefined && body.shippingAddressDisabled === true) {
    return failure('invalid_request', {
      details: [{ path: 'shippingAddress', message: 'não pode ser enviado com shippingAddressDisabled: true' }],
    });
  }
  const now = deps.clock.now().toISOString();
  const scope: UpsertScope = { store: deps.store, random: deps.random, clientId: callerOf(input), now, pending: new Map() };
  const customer = resolveCustomer(scope, body.customer, 'customer');
  const products = body.items.map((item, index) => resolveProduct(scope, item, `items[${index}]`));
  const problems = [customer, ...products].filter(isProblem).map((resolution) => resolution.problem);
  if (isProblem(customer) || problems.length > 0) return unknownReferences(problems);
  const resolvedProducts = products.filter((product): product is Resolved<ProductRecord> => !isProblem(product));

  const lines = resolvedProducts.map((product, index) => ({
    productId: product.record.id,
    name: product.record.name,
    quantity: body.items[index]?.quantity ?? 1,
    price: product.record.price,
  }));
  if (!isExactTotal(lines, body.shippingCost)) {
    return failure('invalid_request', { details: [{ path: 'items', message: 'o total do pedido excede o máximo suportado' }] });
  }
  const totals = priceOrder(lines, body.shippingCost);
  const id = deps.random.id('ord');
  const payment: PaymentRecord = {
    id: deps.random.id('pay'),
    clientId: scope.clientId,
    orderId: id,
    amount: totals.amount,
    currency: 'MZN',
    method: paymentMethodForPhone(customer.record.phone),
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
  };
  const { customer: _customer, items: _items, shippingCost: _shipping, ...rest } = body;
  const order: OrderRecord = {
    ...rest,
    id,
    orderId: id,
    clientId: scope.clientId,
    status: 'PENDING',
    customerId: customer.record.id,
    ...totals,
    currency: 'MZN',
    statusHistory: [{ status: 'PENDING', at: now }],
    createdAt: now,
    updatedAt: now,
    _paymentId: payment.id,
  };
  deps.store.putMany([
    ...writesOf([customer, ...resolvedProducts]),
    { collection: 'orders', record: order },
    { collection: 'payments', record: payment },
  ]);
  return created(orderView(order, input.context.baseUrl));
};

export const listOrders: Handler = (input, deps) => {
  const { status, customerId } = input.query;
  const orders = deps.store
    .list<OrderRecord>('orders', callerOf(input))
    .filter((order) => (status === undefined || order.status === status) && (customerId === undefined || order.customerId === customerId));
  const page = paginate(orders, input.query);
  return okPage(page.items.map((order) => orderView(order, input.context.baseUrl)), page.pagination);
};

export const getOrder: Handler = (input, deps) => {
  const order = ownRecord<OrderRecord>(deps, 'orders', callerOf(input), input.params['order_id']);
  return order ? okData(orderView(order, input.context.baseUrl)) : failure('not_found');
};

/** Each poll is counted; the default scenario pays a pending order on its 3rd poll. */
export const getOrderStatus: Handler = (input, deps) => {
  const stored = ownRecord<OrderRecord>(deps, 'orders', callerOf(input), input.params['order_id']);
  if (!stored) return failure('not_found');
  // HEAD must be safe (RFC 9110 §9.2.1): a link checker or health probe does not move the order.
  if (input.context.method === 'HEAD') return okData(statusView(stored));
  const polls = (stored._statusPolls ?? 0) + 1;
  let order: OrderRecord = { ...stored, _statusPolls: polls };
  const writes: Array<{ collection: CollectionName; record: StoredRecord }> = [];
  if (polls >= PAID_ON_STATUS_POLL && order.status === 'PENDING') {
    const payment = order._paymentId === undefined ? undefined : deps.store.get<PaymentRecord>('payments', order._paymentId);
    const moved = transitionOrder(order, payment, 'PAID', deps.clock.now().toISOString());
    order = moved.order;
    if (moved.payment) writes.push({ collection: 'payments', record: moved.payment });
  }
  deps.store.putMany([{ collection: 'orders', record: order }, ...writes]);
  return okData(statusView(order));
};

function writesOf(resolutions: ReadonlyArray<Resolved<unknown>>) {
  return resolutions.flatMap((resolution) => (resolution.write ? [resolution.write] : []));
}

function unknownReferences(details: ErrorDetail[]) {
  return failure('unknown_reference', {
    message: `Referência desconhecida: ${details.map((detail) => detail.path).join(', ')}`,
    details,
  });
}
