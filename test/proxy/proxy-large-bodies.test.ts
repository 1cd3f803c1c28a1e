/**
 * Large bodies through the proxy: the answer always reaches the client whole; the judge reads at most
 * MAX_SCHEMA_ERRORS schema errors and never throws (50,000 empty objects once overflowed its stack); bodies past
 * `--max-judged-bytes` stream through unjudged and are counted so; what is only passed through streams both ways
 * (the first bytes arrive before the last are sent).
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { departuresOf, reportOf, sendJson, startProxy, startRawTarget, type RawTarget, type RunningProxy } from '../support/proxy-helpers.ts';

const REQUEST_ID = { 'X-Request-Id': 'req_1' };
let target: RawTarget | undefined;
let proxy: RunningProxy | undefined;
afterEach(async () => {
  await proxy?.stop();
  await target?.stop();
  proxy = target = undefined;
});

const listOf = (items: unknown[]) => ({ data: items, pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 } });

async function bytesThrough(url: string): Promise<Buffer> {
  const answer = await fetch(url, { headers: { Authorization: 'Bearer t' } });
  return Buffer.from(await answer.arrayBuffer());
}

describe('a list answer of 50,000 elements the document refuses', () => {
  it.each([
    ['50,000 empty objects', Array.from({ length: 50_000 }, () => ({}))],
    ['60,000 objects of the wrong types', Array.from({ length: 60_000 }, (_, index) => ({ id: index, name: index }))],
  ])('%s: reaches the client whole and is judged, one departure per field path', async (_name, items) => {
    const body = listOf(items);
    target = await startRawTarget((_req, res) => sendJson(res, body));
    proxy = await startProxy(['--target', target.url]);
    expect(JSON.parse((await bytesThrough(`${proxy.url}/v1/products`)).toString('utf8'))).toEqual(body);
    const report = await reportOf(proxy);
    expect(report.operations.map(({ operationId, calls, bodiesNotJudged }) => [operationId, calls, bodiesNotJudged])).toEqual([['listProducts', 1, 0]]);
    const departures = departuresOf(report);
    expect(departures.length).toBeGreaterThan(0);
    for (const departure of departures) expect(departure).toMatch(/^listProducts breaking response\.body\.data\[\]\.\w+ ×1$/);
  }, 30_000);
});

describe('bodies past --max-judged-bytes', () => {
  it('an answer of 3 MiB with a 1 MiB limit reaches the client byte for byte, counted as not judged', async () => {
    const big = listOf(Array.from({ length: 30_000 }, (_, index) => ({ id: `prod_${index}`, name: 'x'.repeat(80) })));
    target = await startRawTarget((_req, res) => sendJson(res, big));
    proxy = await startProxy(['--target', target.url, '--max-judged-bytes', '1m']);
    const received = await bytesThrough(`${proxy.url}/v1/products`);
    expect(received.length).toBe(Buffer.byteLength(JSON.stringify(big)));
    expect(received.length).toBeGreaterThan(3 * 1024 * 1024);
    const report = await reportOf(proxy);
    expect(report.operations).toEqual([{ operationId: 'listProducts', calls: 1, bodiesNotJudged: 1, answeredByMock: 0, departures: [] }]);
    expect(proxy.stdout()).toContain('GET /v1/products → 200 (bodies not judged)');
  });

  it('an answer streams: its first bytes reach the client before the target sent the rest', async () => {
    let finish: () => void = () => undefined;
    target = await startRawTarget((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', ...REQUEST_ID });
      res.write('{"data": [');
      // The rest is sent only once the client has read the start through the proxy.
      finish = () => res.end('], "pagination": {"page": 1, "limit": 20, "total": 0, "totalPages": 1}}');
    });
    proxy = await startProxy(['--target', target.url, '--max-judged-bytes', '2m']);
    const text = await new Promise<string>((resolve, reject) => {
      const sent = request(`${proxy?.url}/v1/products`, { headers: { Authorization: 'Bearer t' } }, (answer) => {
        let received = '';
        answer.on('data', (chunk: Buffer) => {
          if (received === '') finish();
          received += chunk.toString('utf8');
        });
        answer.on('end', () => resolve(received));
      });
      sent.on('error', reject).end();
    });
    expect(JSON.parse(text)).toEqual(listOf([]));
    expect(departuresOf(await reportOf(proxy))).toEqual([]);
  }, 10_000);

  it('an upload of 3 MiB with a 1 MiB limit streams on to the target whole before the client ends it', async () => {
    let targetHasStart: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (targetHasStart = resolve));
    target = await startRawTarget((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 1024 * 1024) targetHasStart();
      });
      req.on('end', () => sendJson(res, { received: size }, 400));
    });
    proxy = await startProxy(['--target', target.url, '--max-judged-bytes', '1m']);
    const part = Buffer.alloc(1536 * 1024, 'a');
    const answer = await new Promise<string>((resolve, reject) => {
      const sent = request(`${proxy?.url}/v1/products/create`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve(text));
      });
      sent.on('error', reject);
      sent.write(part);
      // The second half is written only once the target has more than the limit: the proxy did not wait for it.
      void started.then(() => sent.end(part));
    });
    expect(JSON.parse(answer)).toEqual({ received: 2 * part.length });
    expect((await reportOf(proxy)).operations).toEqual([{ operationId: 'createProduct', calls: 1, bodiesNotJudged: 1, answeredByMock: 0, departures: [] }]);
  }, 10_000);
});
