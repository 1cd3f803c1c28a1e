/**
 * The reply writer's extension point (`context.connection`, src/http/send-reply.ts): any stage may say what happens
 * to the connection once the reply is rendered, and the writer carries it out and tells the observers what became
 * of the answer. Driven here by a stage of the test's own, not the armed outcomes, over a real socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionPlan, Exchange } from '../../src/domain/caller.ts';
import { insertBefore, type Stage } from '../../src/http/stage.ts';
import { monotonicMs } from '../../src/platform/clock.ts';
import { createTestApp, tokenFor } from '../support/test-app.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** Plans by name, chosen by the request's `X-Plan` header. */
const PLANS: Readonly<Record<string, ConnectionPlan>> = { drop: { end: 'drop' }, reset: { end: 'reset' }, hold: { holdMs: 150 }, trickle: { trickleMs: 150 } };

const planning: Stage = {
  name: 'test-plan',
  async run(request, next) {
    const reply = await next(request);
    const plan = PLANS[String(request.incoming.headers['x-plan'])];
    if (plan) request.context.connection = plan;
    return reply;
  },
};

async function listening() {
  const seen: Exchange[] = [];
  const t = await createTestApp({}, { stages: (defaults) => insertBefore(defaults, 'authenticate', planning) });
  t.deps.observers?.push((exchange) => seen.push(exchange));
  const server = createServer(t.core.listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const token = await tokenFor(t);
  const get = (plan?: string) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/orders`, { headers: { Authorization: `Bearer ${token}`, ...(plan && { 'X-Plan': plan }) } });
  const last = () => seen.filter((exchange) => exchange.context.operationId === 'listOrders').at(-1);
  return { get, last };
}

const causeOf = (answer: Promise<Response>) => answer.then(() => undefined, (error: { cause?: { code?: string; message?: string } }) => `${error.cause?.code} ${error.cause?.message}`);

describe('a stage\'s connection plan, carried out by the reply writer', () => {
  it('none: the answer is written at once and observers see no `network`', async () => {
    const { get, last } = await listening();
    expect((await get()).status).toBe(200);
    expect(last()?.network).toBeUndefined();
  });

  it('drop after a handled reply: the client reads nothing, observers see the status as reply_lost', async () => {
    const { get, last } = await listening();
    expect(await causeOf(get('drop'))).toMatch(/UND_ERR_SOCKET|ECONNRESET|other side closed/);
    expect(last()).toMatchObject({ status: 200, network: { fate: 'reply_lost' } });
  });

  it('reset: the client reads ECONNRESET', async () => {
    const { get, last } = await listening();
    expect(await causeOf(get('reset'))).toMatch(/ECONNRESET/);
    expect(last()?.network).toEqual({ fate: 'reset' });
  });

  it('hold: the answer comes after the hold, observers see how long it was held', async () => {
    const { get, last } = await listening();
    const before = monotonicMs();
    expect((await get('hold')).status).toBe(200);
    expect(monotonicMs() - before).toBeGreaterThanOrEqual(130);
    expect(last()?.network).toMatchObject({ fate: 'held', heldMs: expect.any(Number) });
  });

  it('trickle: the headers at once, the whole body once the time has passed', async () => {
    const { get, last } = await listening();
    const before = monotonicMs();
    const answer = await get('trickle');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: [] });
    expect(monotonicMs() - before).toBeGreaterThanOrEqual(130);
    expect(last()?.network).toMatchObject({ fate: 'trickled', heldMs: expect.any(Number) });
  });
});
