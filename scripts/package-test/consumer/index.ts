// An ES module consumer in TypeScript, type-checked only (tsc --noEmit): everything the package exports, used as a
// strict project uses it.
import { AdminError, createAdminClient, startMock, type AdminClient, type ConfigInput, type Mock, type StartMockOptions } from 'commerce-mock';

const options: StartMockOptions = { seed: 7, scenario: 'slow-payment', dataFile: '.commerce-mock/test.json' };
const config: ConfigInput = { port: 4010 };
const mock: Mock = await startMock(options);
const admin: AdminClient = createAdminClient(mock.url, { adminToken: 'x' });
try {
  await mock.admin.clock.advance(601);
  const count: number = await admin.requests.count({ path: '/v1/orders/*/status' });
  console.log(count, config.port, mock.credentials.clientId);
} catch (error) {
  if (!(error instanceof AdminError)) throw error;
} finally {
  await mock.stop();
}
