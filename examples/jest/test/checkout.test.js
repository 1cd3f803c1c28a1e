// A merchant's Jest tests (CommonJS) against the mock that mock-setup.js started: the shop's client code calls the
// API; the tests move the mock's clock and reset its state through the admin API, over HTTP.
const api = process.env.COMMERCE_API_URL;
const admin = process.env.COMMERCE_ADMIN_URL;

async function requestJson(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: response.status, body: await response.json() };
}

async function getToken() {
  const { body } = await requestJson(`${api}/auth/token`, {
    method: 'POST',
    body: JSON.stringify({ client_id: process.env.COMMERCE_CLIENT_ID, client_secret: process.env.COMMERCE_CLIENT_SECRET }),
  });
  return body.data.access_token;
}

function createOrder(token, items) {
  return requestJson(`${api}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ customer: { name: 'Ana Machava', phone: '+258 84 000 0000' }, items }),
  });
}

beforeEach(async () => {
  // The mock is shared by every test file: each test starts from the seeded state.
  expect((await requestJson(`${admin}/reset`, { method: 'POST', body: '{}' })).status).toBe(200);
});

test('an order is paid once ten minutes have passed on the mock clock (scenario slow-payment)', async () => {
  const token = await getToken();
  const created = await createOrder(token, [{ name: 'Capulana', price: 350, quantity: 2 }]);
  expect(created.status).toBe(201);
  expect(created.body.data.amount).toBe(700);
  const status = async () => (await requestJson(`${api}/orders/${created.body.data.orderId}/status`, { headers: { Authorization: `Bearer ${token}` } })).body.data.status;

  expect(await status()).toBe('PENDING');
  await requestJson(`${admin}/clock/advance`, { method: 'POST', body: JSON.stringify({ seconds: 10 * 60 + 1 }) });
  expect(await status()).toBe('PAID');
});

test('an order without items is refused with the service’s own message', async () => {
  const refused = await createOrder(await getToken(), []);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Pedido deve conter pelo menos um item');
});
