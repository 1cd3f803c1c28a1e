/**
 * What a process makes once and every app it creates shares: the package's documents, its manifest, the scenario
 * libraries, the routers. This module is the one holder of module-level state in src/ (the architecture test
 * refuses a module-level `let`, `Map`, `WeakMap` or `Set` elsewhere, but for a table typed read-only), and `PROCESS_CACHES` names each cache with why sharing it
 * is safe. The tests run file after file in shared workers (`isolate: false`), so a test file sees what the files
 * before it cached: every value here is made from files that do not change during a run, and is only read.
 */
export const PROCESS_CACHES = {
  'service-document': 'spec/openapi.yaml parsed, read-only (the router works on a dereferenced copy)',
  'admin-document': 'spec/admin.yaml parsed, with the schemas it borrows from the service document; read-only',
  'api-prefixes': "the path prefixes of the service document's servers, derived from the document",
  'package-manifest': "the package's own package.json (its version, its peer dependencies)",
  'scenario-library': 'the built-in scenarios and a user directory, per directory; a library holds no activation',
  'network-profile-library': 'the built-in network profiles and those of a user scenarios directory, per directory; a library holds no application',
  'pact-check-router': "pact-check's router of the service document: it judges requests and holds no mock's state",
  'secret-names': 'which field names are secret, as the fixed rule of http/redact.ts judges them; a memo of at most 2048 names',
  'outcome-prefixes': "each operation's outcome-id prefix (`createOrder` → `orders.create`), derived from its name; a memo bounded by the document's operations",
  'security-needs': "what each operation's security requirements ask (basic, bearer, a client named in the body), per operation object of a router; derived from the document",
  'outcome-ids': "each operation's outcome id for a status without an error code (`orders.create.201`); a memo bounded by the document's operations and the statuses the server answers",
  'start-mock-routers': "startMock's routers of the two documents: building them is most of a start, they hold no mock's state",
  'outcome-catalogue': "the coverage's outcome catalogue, built from the service document and the package's catalogues; read-only",
  'prepared-operations': "each operation's decoding plan (path pattern, array query names), per operation object of a router; derived from the document",
  'response-validators': "conformance's compiled response validators, per router: derived from the router's document, they hold no mock's state",
  'api-operation-ids': "the service document's operationIds, which an armed outcome's `operation` may name; derived from the document",
  'message-checks': "conformance's compiled webhook-event validators, per router and event schema: derived from the document",
} as const;

export type ProcessCacheName = keyof typeof PROCESS_CACHES;

const values = new Map<string, unknown>();
/** The caches kept per object (a router, an operation): they go with the object. */
const byObject = new WeakMap<object, Map<string, unknown>>();

/**
 * The value of cache `name` (under `key`, for a cache of several), made by `make` on first use. One call site owns
 * each name, so the value is always of that site's type.
 */
export function processCached<T>(name: ProcessCacheName, make: () => T, key = ''): T {
  // Some are read at every request: a cache of one value is found by its name alone (a constant string, whose hash
  // is known), with no key joined to it; the names hold no NUL, so the two kinds never meet.
  const at = key === '' ? name : `${name}\u0000${key}`;
  let value = values.get(at);
  if (value === undefined && !values.has(at)) values.set(at, (value = make()));
  return value as T;
}

/** The value of cache `name` for `owner` (a router, an operation), made by `make` on first use; it goes with `owner`. */
export function processCachedFor<T>(name: ProcessCacheName, owner: object, make: () => T): T {
  let cached = byObject.get(owner);
  if (!cached) byObject.set(owner, (cached = new Map()));
  let value = cached.get(name);
  if (value === undefined && !cached.has(name)) cached.set(name, (value = make()));
  return value as T;
}
