/**
 * The shapes the merchant's contract asks for, as Pact matchers: ids and timestamps by pattern, amounts and
 * counts by type, error codes and statuses by value. Never a literal of a generated value.
 */
import { MatchersV3 } from '@pact-foundation/pact';

const { regex, like, number, integer, eachLike, fromProviderState } = MatchersV3;

export const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';

export const EXAMPLE = {
  accessToken: 'mat_Q2x8Lr5Tn1Vb7Yc3Md9Kf4Hp6Js0WaZ',
  refreshToken: 'mrt_H7k2Nq9Wd4Lp1Xz6Rb3Tv8Ms5Yc0Gf2J',
  at: '2025-03-14T09:30:00.000Z',
} as const;

export function id(prefix: string, example: string) {
  return regex(`^${prefix}_[A-Za-z0-9]+$`, example);
}

export function instant(example: string = EXAMPLE.at) {
  return regex(ISO_INSTANT, example);
}

export function amount(example: number) {
  return number(example);
}

/** The bearer header of the state's access token (`fromProviderState`: the provider issues it). */
export function bearerOfState() {
  return { Authorization: fromProviderState('Bearer ${accessToken}', `Bearer ${EXAMPLE.accessToken}`) };
}

export function stateValue<T>(name: string, example: T) {
  return fromProviderState(`\${${name}}`, example);
}

/** A path holding a value the provider state hands back (an id the provider generated). */
export function pathWithState(template: string, example: string) {
  return fromProviderState(template, example);
}

/**
 * A merchant key unique to the verification run (`${runId}` comes with every provider state), shown as `example`
 * in the pact: creating the same key twice on a real service would collide with an earlier run.
 */
export function uniqueKey(example: string) {
  return fromProviderState(`${example.replace(/-[^-]*$/, '')}-\${runId}`, example);
}

export function errorBody(code: string, example: string) {
  return { error: code, message: like(example), requestId: like('req_8Jd2Kq9LmX4pW7zR') };
}

export function invalidRequestBody() {
  return {
    ...errorBody('invalid_request', 'Pedido inválido'),
    details: eachLike({ path: like('name'), message: like('é obrigatório') }),
  };
}

export function pagination() {
  return { page: integer(1), limit: integer(20), total: integer(1), totalPages: integer(1) };
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

export { eachLike, integer, like, number, regex };
