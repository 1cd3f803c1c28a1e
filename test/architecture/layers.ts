/**
 * One layer per folder, lowest first: a module may import its own folder and the folders listed before it, so an
 * import that runs back up a layer fails. The server (`server/` and everything below it) imports none of the tools
 * listed after it (`conformance/`, `pact-check/`, `proxy/`, `verify/`, `cli/`). docs/architecture.md draws the same order.
 */
export const FOLDERS = [
  'generated',
  'errors',
  'domain',
  'platform',
  'clients',
  'store',
  'deps',
  'catalog',
  'orders',
  'subscriptions',
  'wallets',
  'tokens',
  'handlers',
  'openapi',
  'http',
  'scenarios',
  'rate-limit',
  'fake',
  'webhooks',
  'drills',
  'coverage',
  'state',
  'admin',
  'pages',
  'provider-states',
  'server',
  'conformance',
  'pact-check',
  'proxy',
  'verify',
  'cli',
  'sdk',
] as const;
