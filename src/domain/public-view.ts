/** The body a client sees of a stored record: no owner, no `_`-prefixed bookkeeping. */
import type { components } from '../generated/api-types.gen.ts';
import type { CustomerRecord, OrderRecord, PaymentRecord, PlanRecord, ProductRecord, StoredRecord, SubscriptionRecord } from './records.ts';
import type { Allows, Expect } from './same-shape.ts';

export function toPublic(record: StoredRecord): Record<string, unknown> {
  // A loop rather than entries → filter → fromEntries: every answer that shows a record runs it. A `__proto__` key
  // (JSON.parse makes it an own property) starts with `_` and is never assigned.
  const shown: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (key !== 'clientId' && !key.startsWith('_')) shown[key] = record[key];
  return shown;
}

/** What `toPublic` keeps of a record, as a type. */
export type PublicView<R> = { [K in keyof R as K extends 'clientId' | `_${string}` ? never : K]: R[K] };

/** The record's view has exactly the body's fields, and every record's view is a body the document allows. */
type ShownAs<R, Body> = [Exclude<keyof PublicView<R>, keyof Body>, Exclude<keyof Body, keyof PublicView<R>>] extends [never, never]
  ? Allows<Body, PublicView<R>>
  : { fieldsOnlyInRecord: Exclude<keyof PublicView<R>, keyof Body>; fieldsOnlyInDocument: Exclude<keyof Body, keyof PublicView<R>> };

type Body = components['schemas'];

/**
 * Compile-time: `tsc -b` fails when a record (spec/admin.yaml) and the API's body of it (spec/openapi.yaml) part.
 * An order's `checkout` link is not stored: each answer adds it.
 */
export type PublicViewChecks = [
  Expect<ShownAs<ProductRecord, Body['Product']>>,
  Expect<ShownAs<CustomerRecord, Body['Customer']>>,
  Expect<ShownAs<PlanRecord, Body['Plan']>>,
  Expect<ShownAs<SubscriptionRecord, Body['Subscription']>>,
  Expect<ShownAs<OrderRecord, Omit<Body['Order'], 'checkout'>>>,
  Expect<ShownAs<PaymentRecord, Body['Payment']>>,
];
