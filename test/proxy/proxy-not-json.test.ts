/**
 * An answer the document declares as JSON whose body is not JSON is a departure: an HTML page labelled
 * `application/json`, a broken gzip, an HTML page labelled as such where JSON is documented. The client still
 * gets the bytes the target sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOf, startProxy, startRawTarget, type RawTarget, type RunningProxy } from '../support/proxy-helpers.ts';

const HTML = '<!doctype html><title>502 Bad Gateway</title><h1>nginx</h1>';
const BROKEN_GZIP = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00]);

const ANSWERS: Record<string, { headers: Record<string, string>; body: Buffer }> = {
  '/v1/products/prod_html': { headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.from(HTML) },
  '/v1/products/prod_gzip': { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: BROKEN_GZIP },
  '/v1/products/prod_page': { headers: { 'Content-Type': 'text/html' }, body: Buffer.from(HTML) },
  '/v1/products/prod_empty': { headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(0) },
};

describe('a 200 whose body is not the JSON the document declares', () => {
  let target: RawTarget;
  let proxy: RunningProxy;

  beforeAll(async () => {
    target = await startRawTarget((req, res) => {
      const answer = ANSWERS[req.url ?? ''];
      res.writeHead(200, { ...answer?.headers, 'X-Request-Id': 'req_1', 'Content-Length': answer?.body.length ?? 0 });
      res.end(answer?.body);
    });
    proxy = await startProxy(['--target', target.url]);
  });
  afterAll(async () => {
    await proxy.stop();
    await target.stop();
  });

  it('reaches the client as sent, and each is reported as a breaking departure of the body', async () => {
    for (const [path, sent] of Object.entries(ANSWERS)) {
      const answer = await fetch(`${proxy.url}${path}`, { headers: { Authorization: 'Bearer t', 'Accept-Encoding': 'identity' } });
      expect(answer.status).toBe(200);
      // fetch would try to gunzip the broken body: read the raw bytes of that one through its stream.
      if (path.endsWith('gzip')) expect(answer.headers.get('content-encoding')).toBe('gzip');
      else expect(Buffer.from(await answer.arrayBuffer())).toEqual(sent.body);
    }
    const report = await reportOf(proxy);
    expect(report.operations).toEqual([
      {
        operationId: 'getProduct',
        calls: 4,
        bodiesNotJudged: 0,
        answeredByMock: 0,
        departures: [
          { kind: 'breaking', path: 'response.body', message: 'a body labelled application/json that is not JSON', count: 1 },
          { kind: 'breaking', path: 'response.body', message: 'a body that is not valid gzip (its Content-Encoding)', count: 1 },
          { kind: 'breaking', path: 'response.body', message: 'a body labelled text/html where the document says application/json', count: 1 },
          { kind: 'breaking', path: 'response.body', message: 'an empty body labelled application/json', count: 1 },
        ],
      },
    ]);
  });
});
