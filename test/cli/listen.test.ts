/**
 * `commerce-mock listen --forward-to` as a developer runs it (the built command, in a child process) against a
 * running mock and a local receiver: it points the client's endpoint at the receiver, each event `trigger` makes is
 * forwarded and printed with the receiver's answer, and Ctrl-C (SIGINT) gives the client back the endpoint it had
 * (or none), with exit 0. Refusals exit 2 and change nothing.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../src/index.ts';
import { BIN, runCli } from '../support/cli.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';

const OLD = { url: 'http://127.0.0.1:1/old-hooks', secret: 'the-old-secret-1' };
let mock: Mock;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  mock = await startMock({
    clients: [
      { clientId: 'mock-client', clientSecret: 'mock-secret', webhook: OLD },
      { clientId: 'quiet', clientSecret: 'quiet-secret' },
    ],
  });
});
afterAll(async () => {
  await mock.stop();
  await receiver.close();
});

const endpoints = async () => ((await (await fetch(`${mock.url}/__admin/state`)).json()) as { webhooks: { endpoints: Record<string, unknown> } }).webhooks.endpoints;

/** listen in a child process; resolves once its output matches `until`. */
function listen(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, 'listen', '--url', mock.url, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ until: RegExp; resolve: () => void }> = [];
  const check = () => waiters.filter((waiter) => waiter.until.test(stdout)).forEach((waiter) => waiter.resolve());
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), check()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    printed: (until: RegExp) =>
      Promise.race([
        new Promise<void>((resolve) => (waiters.push({ until, resolve }), check())),
        exited.then((code) => Promise.reject(new Error(`listen exited ${code}:\n${stdout}\n${stderr}`))),
      ]),
  };
}

describe('commerce-mock listen', () => {
  it('forwards what trigger makes, prints each delivery with the answer, and restores the endpoint before on SIGINT (exit 0)', async () => {
    const before = await endpoints();
    const listener = listen(['--forward-to', receiver.url, '--secret', 'listen-secret-1']);
    await listener.printed(/^Ready: webhooks of mock-client on http:\/\/127\.0\.0\.1:\d+ go to http:\/\/127\.0\.0\.1:\d+\/hooks \(format mock, signed with the secret you gave or the endpoint had\)\. Ctrl-C to stop\.\n/);
    expect((await endpoints())['mock-client']).toMatchObject({ url: receiver.url, secret: 'listen-secret-1' });

    const triggered = await runCli(['trigger', 'order.paid', '--url', mock.url]);
    expect(triggered.code).toBe(0);
    const eventId = /webhook order\.status_changed (evt_\S+)/.exec(triggered.stdout)?.[1];
    await listener.printed(new RegExp(`--> order\\.status_changed PAID \\(ord_\\S+\\) ${eventId} \\[whd_\\S+\\] <-- 200 in \\d+ ms\\n`));
    receiver.status = 500;
    try {
      await runCli(['trigger', 'payment.failed', '--url', mock.url]);
      await listener.printed(/--> payment\.status_changed FAILED \(\S+\) evt_\S+ \[whd_\S+\] <-- 500 in \d+ ms, retried at \S+ \(mock clock\)\n/);
    } finally {
      receiver.status = 200;
    }
    expect(receiver.received.some((seen) => seen.body.id === eventId)).toBe(true);

    listener.child.kill('SIGINT');
    expect(await listener.exited).toBe(0);
    expect(listener.output().stdout).toContain(`restored the endpoint of mock-client: ${OLD.url}\n`);
    expect(await endpoints()).toEqual(before);
    // The secrets the user gave or the endpoint had are never printed.
    expect(JSON.stringify(listener.output())).not.toMatch(/listen-secret-1|the-old-secret-1/);
  });

  it('a client without an endpoint: the documented default secret, and none again after SIGINT', async () => {
    const listener = listen(['--forward-to', receiver.url, '--client', 'quiet']);
    await listener.printed(/signed with secret mock-listen-secret\)/);
    expect((await endpoints())['quiet']).toMatchObject({ url: receiver.url, secret: 'mock-listen-secret' });
    listener.child.kill('SIGINT');
    expect(await listener.exited).toBe(0);
    expect(listener.output().stdout).toContain('removed the endpoint of quiet (it had none before)\n');
    expect((await endpoints())['quiet']).toBeUndefined();
  });

  it.each([
    ['COMMERCE_MOCK_WEBHOOK_SECRET', ''],
    ['COMMERCE_WEBHOOK_SECRET', 'commerce-mock listen: env COMMERCE_WEBHOOK_SECRET is deprecated: name it COMMERCE_MOCK_WEBHOOK_SECRET\n'],
  ])('signs with the secret of env %s (the old spelling warns, in one line naming no value)', async (name, warning) => {
    const secret = 'secret-from-the-env-1';
    const listener = listen(['--forward-to', receiver.url, '--client', 'quiet'], { [name]: secret });
    await listener.printed(/Ready: .*signed with the secret you gave or the endpoint had\)/);
    expect((await endpoints())['quiet']).toMatchObject({ url: receiver.url, secret });
    listener.child.kill('SIGINT');
    expect(await listener.exited).toBe(0);
    expect(listener.output().stderr).toBe(warning);
    expect(JSON.stringify(listener.output())).not.toContain(secret);
    expect((await endpoints())['quiet']).toBeUndefined();
  });

  it.each([
    ['an empty --secret', ['--secret', ''], {}, '--secret is empty (an unset shell variable?)'],
    ['an empty env secret', [], { COMMERCE_MOCK_WEBHOOK_SECRET: '' }, 'env COMMERCE_MOCK_WEBHOOK_SECRET is empty'],
    ['a secret too short', ['--secret', 'short'], {}, '--secret: a webhook secret has 8 to 200 characters'],
    ['no whsec_ with --format standard', ['--secret', 'not-a-whsec-secret', '--format', 'standard'], {}, '--secret: a secret of format "standard" starts with whsec_'],
  ])('refuses %s with exit 2 before anything changes, without echoing it', async (_name, args, env, said) => {
    const before = await endpoints();
    const refused = await runCli(['listen', '--url', mock.url, '--forward-to', receiver.url, ...args], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`commerce-mock listen: ${said}`);
    expect(refused.stderr).not.toMatch(/short|not-a-whsec-secret/);
    expect(await endpoints()).toEqual(before);
  });

  it('refuses an unknown client, a URL the mock refuses and a URL with no mock with exit 2, changing nothing', async () => {
    const before = await endpoints();
    const unknown = await runCli(['listen', '--url', mock.url, '--forward-to', receiver.url, '--client', 'nobody']);
    expect([unknown.code, unknown.stderr]).toEqual([2, `commerce-mock listen: client nobody is unknown to the mock at ${mock.url}\n`]);
    const own = await runCli(['listen', '--url', mock.url, '--forward-to', `${mock.url}/hooks`]);
    expect(own.code).toBe(2);
    expect(own.stderr).toMatch(/^commerce-mock listen: PUT \/__admin\/clients\/mock-client\/webhook answered 400: /);
    for (const metadata of ['http://metadata.google.internal./hooks', 'http://Instance-Data./hooks']) {
      const refused = await runCli(['listen', '--url', mock.url, '--forward-to', metadata]);
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(/^commerce-mock listen: PUT \/__admin\/clients\/mock-client\/webhook answered 400: .*metadados/)]);
    }
    const none = await runCli(['listen', '--url', 'http://127.0.0.1:9', '--forward-to', receiver.url]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^commerce-mock listen: cannot reach http:\/\/127\.0\.0\.1:9: .* \(is the mock running\? start it with: npx commerce-mock start\)\n$/);
    expect(await endpoints()).toEqual(before);
  });
});
