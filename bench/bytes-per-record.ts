/**
 * Bytes per record at rest: the heap an in-memory store holds per order, payment and subscription (shaped as the
 * mock writes them, ids and times distinct), indexes included, measured after a full GC around filling a store
 * with `count` of them. Used by bench/bench.ts and bench/store-memory.ts. GC is reached without `--expose-gc`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openStore, type CollectionName, type StoredRecord } from '../src/store/index.ts';

export type Entry = { collection: CollectionName; record: StoredRecord };

const time = (i: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString();
const id = (prefix: string, i: number) => `${prefix}_${i.toString(36).padStart(20, 'x')}`;

/** An order and its payment as the create-order flow stores them. */
export function orderAndPayment(i: number): [Entry, Entry] {
  const at = time(i);
  const orderId = id('ord', i);
  const paymentId = id('pay', i);
  return [
    {
      collection: 'orders',
      record: {
        id: orderId, orderId, clientId: 'mock-client', status: 'PENDING', customerId: 'cus_Nj2JdQggpu8MKVhumZel',
        items: [{ productId: 'prod_G7yaRNmpmp9G2Y4zrwW6', name: 'Produto 1', quantity: 2, price: 100.5, total: 201 }],
        subtotal: 201, shippingCost: 0, amount: 201, currency: 'MZN', statusHistory: [{ status: 'PENDING', at }],
        createdAt: at, updatedAt: at, _paymentId: paymentId,
      },
    },
    {
      collection: 'payments',
      record: { id: paymentId, clientId: 'mock-client', orderId, amount: 201, currency: 'MZN', method: 'mpesa', status: 'PENDING', createdAt: at, updatedAt: at },
    },
  ];
}

function subscription(i: number): Entry {
  const at = time(i);
  return {
    collection: 'subscriptions',
    record: {
      id: id('sub', i), clientId: 'mock-client', status: 'ACTIVE', planId: 'plan_P7kK9OPv0hCYDgDxM6Lx', customerId: 'cus_jxNjCSCe1R1SwWNZlLot',
      name: 'Cabaz Mensal Essencial', description: 'Cabaz Mensal Essencial de Fátima Cumbe', originSubscriptionId: `SUB-${i}`, attempts: 0,
      maxAttempts: 3, currentPeriodStart: at, currentPeriodEnd: at, createdAt: at, updatedAt: at, _paymentId: id('pay', i),
    },
  };
}

function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export async function bytesPerRecord(count = 20_000): Promise<Record<'orders' | 'payments' | 'subscriptions', number>> {
  const gc = fullGc();
  const heapAfterGc = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const kinds = { orders: (i: number) => orderAndPayment(i)[0], payments: (i: number) => orderAndPayment(i)[1], subscriptions: subscription };
  const figures = { orders: 0, payments: 0, subscriptions: 0 };
  for (const [kind, make] of Object.entries(kinds) as Array<[keyof typeof kinds, (i: number) => Entry]>) {
    const store = await openStore({});
    const before = heapAfterGc();
    for (let start = 0; start < count; start += 1000) {
      store.putMany(Array.from({ length: Math.min(1000, count - start) }, (_, k) => make(start + k)));
      await store.commit();
    }
    figures[kind] = (heapAfterGc() - before) / count;
    await store.close();
  }
  return figures;
}
