/**
 * A webhook drill judges real receivers over HTTP through the admin API: the example receiver passes every case,
 * one that verifies nothing fails the refusal cases, a slow one fails on timeouts; the drill changes nothing of the
 * client (records, deliveries, endpoint).
 */
import { createServer } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DRILL_CASES } from '../../src/drills/drill-cases.ts';
import { renderDrillJUnit, renderDrillJson, renderDrillMarkdown } from '../../src/drills/drill-report.ts';
import { createTestApp } from '../support/test-app.ts';
import { payAnOrder } from '../support/webhook-support.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';
import {
  exampleReceiver,
  expectAllPassed,
  failedNames,
  MOCK_SECRET,
  mockFormatReceiver,
  runDrill,
  serversClosedAfterEach,
  STANDARD_SECRET,
} from '../support/drill-support.ts';

const receiver = receiversClosedAfterEach();
const serve = serversClosedAfterEach();

const standardClient = (url: string) => ({
  clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret', active: true, webhook: { url, secret: STANDARD_SECRET, format: 'standard' as const } }],
});

describe('webhook drills', () => {
  it('the example receiver passes every case, acts once per event, and the client is left as it was', async () => {
    const example = await exampleReceiver(STANDARD_SECRET);
    const url = await serve(example.server);
    const t = await createTestApp(standardClient('http://127.0.0.1:9/elsewhere'));
    await payAnOrder(t);
    await t.core.webhooks.idle();
    // The state export, but for the clock's offset from real time (real time moves on during the drill).
    const state = async () => {
      const { clock, ...rest } = (await t.http.get('/__admin/state').expect(200)).body as { clock: { now: string } };
      return { ...rest, now: clock.now };
    };
    const before = await state();
    expect(JSON.stringify(before)).toContain('"deliveries":[{');

    const drill = await runDrill(t, { url });
    expectAllPassed(drill);
    expect(drill).toMatchObject({ clientId: 'mock-client', format: 'standard', timeoutSeconds: 5 });
    expect(drill.cases.map((result) => result.name).sort()).toEqual([...DRILL_CASES].sort());
    // Duplicate and replayed repeat an event id; the receiver acted on each event once.
    const planned = new Set(drill.cases.flatMap((result) => result.deliveries.map((delivery) => delivery.eventId)));
    expect(example.handled.map((event) => event.id).sort()).toEqual([...planned].filter((id) => example.handled.some((event) => event.id === id)).sort());
    expect(new Set(example.handled.map((event) => event.id)).size).toBe(example.handled.length);

    expect(await state()).toEqual(before);
    expect(t.core.webhooks.endpoint('mock-client')).toEqual({ url: 'http://127.0.0.1:9/elsewhere', secret: STANDARD_SECRET, format: 'standard' });
  });

  it('a receiver of the mock format that verifies X-Mock-Signature passes every case signed that way', async () => {
    const correct = mockFormatReceiver(MOCK_SECRET);
    const url = await serve(correct.server);
    const t = await createTestApp({ clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret', active: true, webhook: { url, secret: MOCK_SECRET } }] });
    const drill = await runDrill(t, { url });
    expect(drill.format).toBe('mock');
    expectAllPassed(drill);
    expect(drill.cases[0]?.exchanges[0]?.sent.headers['X-Mock-Signature']).toMatch(/^t=\d+,v1=[0-9a-f]{8}…$/);
  }, 30_000);

  it('a receiver that accepts anything fails forged, tampered, stale, replayed and unsigned; the reports name them and hold no secret', async () => {
    const naive = await receiver();
    const t = await createTestApp(standardClient('http://127.0.0.1:9/elsewhere'));
    const drill = await runDrill(t, { url: naive.url, seed: 11 });
    expect(drill.status).toBe('failed');
    expect(failedNames(drill)).toEqual(['forged', 'replayed', 'stale', 'tampered', 'unsigned']);
    const forged = drill.cases.find((result) => result.name === 'forged');
    expect(forged?.reason).toBe('accepted (HTTP 200), expected a 4xx refusal');
    expect(forged?.exchanges[0]?.answer).toMatchObject({ status: 200, body: 'ok' });
    expect(forged?.exchanges[0]?.sent.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{8}…$/);

    const junit = renderDrillJUnit(drill);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(junit) as {
      testsuites: { tests: string; failures: string; testsuite: { tests: string; failures: string; testcase: Array<{ name: string; failure?: { message: string } }> } };
    };
    expect(parsed.testsuites).toMatchObject({ tests: '11', failures: '5' });
    const testcases = parsed.testsuites.testsuite.testcase;
    expect(testcases).toHaveLength(11);
    expect(testcases.filter((testcase) => testcase.failure).map((testcase) => testcase.name).sort()).toEqual(failedNames(drill));
    const markdown = renderDrillMarkdown(drill);
    for (const name of failedNames(drill)) expect(markdown).toContain(`## ${name}: failed`);
    for (const report of [junit, markdown, renderDrillJson(drill)]) expect(report).not.toContain(STANDARD_SECRET.slice(6, 30));
  });

  it('control characters a receiver answers (ESC, BEL, NUL, other C0) reach the Markdown report as visible escapes', async () => {
    const hostile = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok\u001b]0;owned\u0007\u0000\u0008\u001b[2J\u202e'));
    });
    const t = await createTestApp(standardClient('http://127.0.0.1:9/elsewhere'));
    const drill = await runDrill(t, { url: await serve(hostile), seed: 11 });
    const markdown = renderDrillMarkdown(drill);
    expect(markdown).toContain('ok\\x1b]0;owned\\x07\\x00\\x08\\x1b[2J\\u202e');
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });

  it('a receiver slower than the timeout fails every case on a timeout', async () => {
    const slow = await receiver();
    slow.delayMs = 1000;
    const t = await createTestApp(standardClient(slow.url));
    const drill = await runDrill(t, { url: slow.url, timeoutSeconds: 0.1 });
    expect(drill.status).toBe('failed');
    expect(failedNames(drill)).toEqual([...DRILL_CASES].sort());
    expect(drill.cases.every((result) => result.reason?.includes('timeout: no answer within 100 ms'))).toBe(true);
  });

  it('one seed gives one plan; another seed another order', async () => {
    const naive = await receiver();
    const t = await createTestApp(standardClient(naive.url));
    const planOf = async (seed: number) => {
      const started = await t.http.post('/__admin/drills').send({ url: naive.url, seed }).expect(202);
      return (started.body.data as { cases: Array<{ name: string; expect: string; deliveries: unknown[] }> }).cases.map(({ name, expect, deliveries }) => ({
        name,
        expect,
        deliveries,
      }));
    };
    const first = await planOf(5);
    t.clock.advance(3600);
    expect(await planOf(5)).toEqual(first);
    expect((await planOf(6)).map((planned) => planned.name)).not.toEqual(first.map((planned) => planned.name));
    expect(first[0]?.name).toBe('valid');
  });
});
