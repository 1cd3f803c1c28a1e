/**
 * A path with a dot segment names no admin route: `/__admin/clients/../clock/advance` is refused (404 not_found)
 * as sent, not resolved to `/__admin/clock/advance`, so an "id" `..` never reaches the global clock. Sent raw: a
 * `fetch` would resolve the dots before sending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { rawRequest } from '../support/raw-http.ts';

const DOT_PATHS = [
  '/__admin/clients/../clock/advance',
  '/__admin/clients/%2e%2e/clock/advance',
  '/__admin/clients/%2E%2E/clock/advance',
  '/__admin/clients/.%2e/clock/advance',
  '/__admin/clients/%2e./clock/advance',
  '/__admin/./clock/advance',
  '/__admin/clients/mock-client/../../clock/advance',
  '/__ADMIN/clients/../clock/advance',
  '/x/../__admin/clock/advance',
];

describe('dot segments in an admin path', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startCheckedMock();
    // Frozen, so the global clock moves only when something moves it.
    expect((await rawRequest(mock.url, 'POST', '/__admin/clock/freeze')).status).toBe(200);
  });
  afterAll(() => mock.stop());

  const globalNow = async () => (JSON.parse((await rawRequest(mock.url, 'GET', '/__admin/clock')).body) as { data: { now: string } }).data.now;

  it.each(DOT_PATHS)('POST %s is 404 not_found and the global clock stays where it was', async (path) => {
    const before = await globalNow();
    const answer = await rawRequest(mock.url, 'POST', path, { seconds: 86_400 });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'not_found' });
    expect(await globalNow()).toBe(before);
  });

  it('run-until-idle through `..` is refused too, and the plain path still moves the global clock', async () => {
    const before = await globalNow();
    expect((await rawRequest(mock.url, 'POST', '/__admin/clients/../clock/run-until-idle', { maxSeconds: 86_400 })).status).toBe(404);
    expect(await globalNow()).toBe(before);
    expect((await rawRequest(mock.url, 'POST', '/__admin/clock/advance', { seconds: 60 })).status).toBe(200);
    expect(Date.parse(await globalNow()) - Date.parse(before)).toBe(60_000);
  });
});
