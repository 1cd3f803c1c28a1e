/**
 * Compile-time checks that two descriptions of one shape agree: a record's type (from spec/admin.yaml) and the zod
 * schema a state import checks it with, a record's public view and the API's body (spec/openapi.yaml), a status
 * tuple and the document's enum. Written `type Checks = [Expect<Drift<A, B>>]`: `tsc -b` fails on a drift, and its
 * message names the fields that differ (`'{ fieldsThatDiffer: "metadata"; }' does not satisfy the constraint 'true'`).
 */

/**
 * The shape that matters, deeply: the `[key: string]: unknown` of a loose object (a zod `looseObject`, an open
 * document object) is dropped, since it only says that fields beyond the named ones pass as they are.
 */
export type Shape<T> = T extends readonly (infer Item)[]
  ? Shape<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Shape<T[K]> }
    : T;

/** Exactly the same type (not merely assignable both ways): an optional field and a required one differ. */
type Identical<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `true` when A and B have the same shape; else the fields that differ (or the two types, when not objects). */
export type Drift<A, B> =
  Identical<Shape<A>, Shape<B>> extends true
    ? true
    : [Shape<A>, Shape<B>] extends [infer SA extends object, infer SB extends object]
      ? {
          fieldsThatDiffer: {
            [K in keyof SA | keyof SB]: K extends keyof SA & keyof SB ? (Identical<Pick<SA, K>, Pick<SB, K>> extends true ? never : K) : K;
          }[keyof SA | keyof SB];
        }
      : { differ: [A, B] };

/** Accepts `true` only. */
export type Expect<T extends true> = T;

/** `true` when every Value is a Body; else the fields whose values the Body does not allow. */
export type Allows<Body, Value> = [Value] extends [Body]
  ? true
  : { fieldsNotAllowed: { [K in keyof Value]-?: K extends keyof Body ? ([Value[K]] extends [Body[K]] ? never : K) : K }[keyof Value] };
