// A CommonJS script: require('commerce-mock') (Node ≥ 20.19 loads the ES module), start a mock, get a token.
const { startMock } = require('commerce-mock');

(async () => {
  const mock = await startMock();
  try {
    const response = await fetch(`${mock.url}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: mock.credentials.clientId, client_secret: mock.credentials.clientSecret }),
    });
    const body = await response.json();
    console.log(`token ${response.status} ${typeof body.data.access_token}`);
  } finally {
    await mock.stop();
  }
})();
