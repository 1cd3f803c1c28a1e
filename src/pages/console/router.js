/**
 * The console's addresses: one view per job, each at its own hash (`#/journal?clientId=shop-1&status=401`), and an
 * order's or a subscription's story at `#/orders/ord_…?clientId=…`. A link pasted into a bug report opens the same
 * view with the same filters and the same selected client.
 */
export const VIEWS = ['overview', 'clients', 'clock', 'phone', 'records', 'webhooks', 'journal', 'coverage', 'audit', 'state', 'tenants'];

/** The record kinds a story is told of, by the path segment that names them. */
export const STORY_KINDS = { orders: 'Order', subscriptions: 'Subscription' };

const decode = (segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

/** `#/orders/ord_1?clientId=a` → `{ view: 'story', kind: 'orders', id: 'ord_1', params }`; an unknown view is the overview. */
export function parseRoute(hash) {
  const text = hash.replace(/^#\/?/, '');
  const mark = text.indexOf('?');
  const segments = (mark === -1 ? text : text.slice(0, mark)).split('/').filter(Boolean).map(decode);
  const params = new URLSearchParams(mark === -1 ? '' : text.slice(mark + 1));
  const [first = '', id = ''] = segments;
  if (first in STORY_KINDS && id) return { view: 'story', kind: first, id, params };
  return { view: VIEWS.includes(first) ? first : 'overview', params };
}

/** The hash of a route with these parameters (empty values left out). */
export function routeHash(route, params = {}) {
  const path = route.view === 'story' ? `${route.kind}/${encodeURIComponent(route.id)}` : route.view;
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const text = query.toString();
  return `#/${path}${text ? `?${text}` : ''}`;
}

/** The story address of a record id: `ord_…` an order's, `sub_…` a subscription's. */
export function storyHash(id, clientId) {
  const kind = id.startsWith('sub_') ? 'subscriptions' : 'orders';
  return routeHash({ view: 'story', kind, id }, { clientId });
}
