// Part of `npm run test:container`: what a user of the running image relies on, asked over HTTP. Copied into the
// container and run there (the container has a network of its own), with the admin token of the container's env.
// Usage: COMMERCE_MOCK_ADMIN_TOKEN=… node container-checks.mjs http://127.0.0.1:4010
// Prints one line per check; exits 1 when any fails. The admin token is read from the environment, never printed.
const [base] = process.argv.slice(2);
const adminToken = process.env.COMMERCE_MOCK_ADMIN_TOKEN;
if (!base || !adminToken) {
  console.error('usage: COMMERCE_MOCK_ADMIN_TOKEN=… node scripts/container-checks.mjs <base URL>');
  process.exit(2);
}

async function call(method, path, { body, bearer } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer !== undefined) headers.Authorization = `Bearer ${bearer}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

const checks = [
  [
    'GET /__admin/health answers 200 {status: "ok"} without the admin token',
    async () => {
      const { status, json } = await call('GET', '/__admin/health');
      return status === 200 && json?.status === 'ok';
    },
  ],
  [
    'POST /v1/auth/token answers 200 with an access token',
    async () => {
      const { status, json } = await call('POST', '/v1/auth/token', { body: { client_id: 'mock-client', client_secret: 'mock-secret' } });
      return status === 200 && typeof json?.data?.access_token === 'string';
    },
  ],
  [
    'GET /__admin/clock without the admin token answers 401',
    async () => (await call('GET', '/__admin/clock')).status === 401,
  ],
  [
    'GET /__admin/clock with a wrong admin token answers 401',
    async () => (await call('GET', '/__admin/clock', { bearer: `${adminToken}-wrong` })).status === 401,
  ],
  [
    'GET /__admin/clock with env COMMERCE_MOCK_ADMIN_TOKEN answers 200',
    async () => (await call('GET', '/__admin/clock', { bearer: adminToken })).status === 200,
  ],
];

let failed = 0;
for (const [name, check] of checks) {
  let ok = false;
  try {
    ok = await check();
  } catch (error) {
    console.error(`  ${name}: ${error.message}`);
  }
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (!ok) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
