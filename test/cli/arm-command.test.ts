/**
 * `commerce-mock arm` against a running mock: arms an outcome for a client (mock-client unless told), lists what is
 * armed, disarms one and all; each refusal (an unknown outcome, one only the integration causes, --operation on an
 * order, an unknown client or armed id, the cap, no mock) is an English line with an exit code, and every hostile
 * flag is refused before the mock is asked anything: nothing is armed by a refused command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/index.ts';
import { runCli } from '../support/cli.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret' }, { clientId: 'shop-two', clientSecret: 'shop-two-secret' }] });
});
afterAll(() => mock.stop());

const arm = (...args: string[]) => runCli(['arm', ...args, '--url', mock.url]);
const armedOutcomes = async () => [...(await mock.admin.outcomes.armed('mock-client')), ...(await mock.admin.outcomes.armed('shop-two'))].map((one) => one.outcome);

describe('commerce-mock arm', () => {
  it('arms for mock-client or --client, lists, disarms one and all', async () => {
    const armed = await arm('payer.INSUFFICIENT_BALANCE');
    expect(armed.stderr).toBe('');
    expect(armed.code).toBe(0);
    const id = /\((arm\S*)\)/.exec(armed.stdout)?.[1] ?? '';
    expect(armed.stdout).toBe(
      [
        `armed payer.INSUFFICIENT_BALANCE for mock-client (${id}): met by its next order placed, when it ends: at the status poll that ends it (the 3rd by default), at a scenario's time step, or when the payer answers the checkout push or the checkout page`,
        `  what is armed: npx commerce-mock arm --list --client mock-client --url ${mock.url}`,
        `  disarm it: npx commerce-mock arm --disarm ${id} --client mock-client --url ${mock.url}`,
        '',
      ].join('\n'),
    );
    const request = await arm('server.503', '--client', 'shop-two', '--times', '3', '--operation', 'createOrder');
    expect(request.code).toBe(0);
    expect(request.stdout).toMatch(/^armed server\.503 for shop-two \(\S+\): met by its next 3 requests to createOrder\n/);
    expect(await mock.admin.outcomes.armed('shop-two')).toMatchObject([{ outcome: 'server.503', times: 3, remaining: 3, operation: 'createOrder', meets: 'request' }]);

    const listed = await arm('--list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(`armed for mock-client: 1 live, 0 spent\n  ${id}  payer.INSUFFICIENT_BALANCE  its next order placed; fired 0 of 1\n`);
    const disarmed = await arm('--disarm', id);
    expect(disarmed.stdout).toBe(`disarmed ${id} (payer.INSUFFICIENT_BALANCE, fired 0 of 1) for mock-client\n`);
    expect((await arm('--list')).stdout).toBe('nothing armed for mock-client\n');
    const all = await arm('--disarm', 'all', '--client', 'shop-two');
    expect(all).toMatchObject({ code: 0, stdout: 'disarmed 1 armed outcome of shop-two\n' });
    expect(await armedOutcomes()).toEqual([]);
  });

  it('takes the client from env COMMERCE_CLIENT_ID, and never prints the admin token', async () => {
    const result = await runCli(['arm', 'webhook.delayed', '--url', mock.url], { env: { COMMERCE_CLIENT_ID: 'shop-two', COMMERCE_MOCK_ADMIN_TOKEN: 'an-admin-token-never-shown' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^armed webhook\.delayed for shop-two \(\S+\): met by its next webhook delivery\n/);
    expect(result.stdout + result.stderr).not.toContain('an-admin-token-never-shown');
    expect(await mock.admin.outcomes.disarm('shop-two')).toBe(1);
  });

  it.each([
    [['orders.create.400.invalid_request'], /^commerce-mock arm: orders\.create\.400\.invalid_request cannot be armed: only your integration causes it; to meet it: .+ \[resultado_nao_armavel\]\n$/],
    [['payer.WRONG_PN'], /^commerce-mock arm: unknown outcome "payer\.WRONG_PN" \(did you mean payer\.WRONG_PIN\?\); npx commerce-mock arm --help lists the ones that can be armed \[invalid_request\]\n$/],
    [['order.final.PAID', '--operation', 'createOrder'], /^commerce-mock arm: --operation: order\.final\.PAID is not met on a request; leave --operation out \[invalid_request\]\n$/],
    [['server.500', '--operation', 'createOrdr'], /^commerce-mock arm: --operation createOrdr: not an operationId of spec\/openapi\.yaml nor a path pattern \(\/v1\/orders\/\*\) \[invalid_request\]\n$/],
    [['server.500', '--client', 'nobody'], /^commerce-mock arm: client nobody is unknown to the mock at http:\/\/127\.0\.0\.1:\d+ \(--client, or env COMMERCE_CLIENT_ID\) \[not_found\]\n$/],
    [['--list', '--client', 'nobody'], /^commerce-mock arm: client nobody is unknown to the mock at http:\/\/127\.0\.0\.1:\d+ /],
    [['--disarm', 'arm_nothing'], /^commerce-mock arm: mock-client has no armed outcome arm_nothing on the mock at http:\/\/127\.0\.0\.1:\d+; what is armed: npx commerce-mock arm --list --client mock-client --url http:\/\/127\.0\.0\.1:\d+ \[not_found\]\n$/],
    [['--disarm', 'arm_nothing', '--client', 'nobody'], /^commerce-mock arm: client nobody is unknown to the mock at /],
    [['--disarm', 'all', '--client', 'nobody'], /^commerce-mock arm: client nobody is unknown to the mock at /],
  ])('%j: the mock’s refusal in English, exit 2, nothing armed', async (args, stderr) => {
    const result = await arm(...args);
    expect(result.stderr).toMatch(stderr);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(await armedOutcomes()).toEqual([]);
  });

  it('refuses a 21st armed outcome with exit 1, saying how to disarm', async () => {
    for (let armed = 0; armed < 20; armed += 1) await mock.admin.outcomes.arm('server.500');
    const result = await arm('server.503');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^commerce-mock arm: too many outcomes are armed for mock-client already: disarm one or all with --disarm <id\|all> \(what is armed: npx commerce-mock arm --list --client mock-client --url \S+\) \[conflito\]\n$/);
    expect(await mock.admin.outcomes.disarm()).toBe(20);
  });

  it('says a mock it cannot reach is not there, exit 2', async () => {
    const result = await runCli(['arm', 'server.500', '--url', 'http://127.0.0.1:9']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^commerce-mock arm: the mock at http:\/\/127\.0\.0\.1:9 cannot be reached: /);
  });

  it.each([
    [[], /^commerce-mock arm: give an outcome to arm \(npx commerce-mock arm payer\.INSUFFICIENT_BALANCE\), --list or --disarm <id\|all>/],
    [[''], /^commerce-mock arm: the outcome is empty/],
    [['server.500', '--times'], /^error: option '--times <n>' argument missing/],
    [['server.500', '--times', '0'], /^error: option '--times <n>' argument '0' is invalid\. expected a whole number from 1 to 100, got "0"\./],
    [['server.500', '--times', '101'], /argument '101' is invalid\. expected a whole number from 1 to 100/],
    [['server.500', '--times', '1.5'], /argument '1\.5' is invalid/],
    [['server.500', '--times', 'two'], /argument 'two' is invalid/],
    [['server.500', '--times', '-1'], /argument '-1' is invalid/],
    [['server.500', '--operation'], /^error: option '--operation <op>' argument missing/],
    [['server.500', '--operation', ''], /^commerce-mock arm: --operation: expected an operationId or a path pattern of 1 to 200 characters/],
    [['server.500', '--operation', 'x'.repeat(201)], /^commerce-mock arm: --operation: expected an operationId or a path pattern of 1 to 200 characters/],
    [['server.500', '--client'], /^error: option '--client <id>' argument missing/],
    [['server.500', '--client', ''], /^commerce-mock arm: --client: expected a client id of 1 to 200 characters/],
    [['server.500', '--url'], /^error: option '--url <url>' argument missing/],
    [['server.500', '--url', 'ftp://127.0.0.1:4010'], /^commerce-mock arm: --url: expected the http\(s\) URL of a running mock such as http:\/\/127\.0\.0\.1:4010, got "ftp:\/\/127\.0\.0\.1:4010"/],
    [['--disarm'], /^error: option '--disarm <id\|all>' argument missing/],
    [['--disarm', ''], /^commerce-mock arm: --disarm: empty; expected an armed outcome's id/],
    [['server.500', '--list'], /^commerce-mock arm: an outcome \(server\.500\) and --list: one at a time/],
    [['server.500', '--disarm', 'all'], /^commerce-mock arm: an outcome \(server\.500\) and --disarm: one at a time/],
    [['--list', '--times', '2'], /^commerce-mock arm: --times goes with an outcome to arm, not with --list/],
    [['--disarm', 'all', '--operation', 'createOrder'], /^commerce-mock arm: --operation goes with an outcome to arm, not with --disarm/],
    [['server.500', 'server.503'], /^error: too many arguments for 'arm'/],
    [['server.500', '--time', '2'], /^error: unknown option '--time'\n\(Did you mean --times\?\)/],
  ])('%j: a usage error, exit 2, nothing armed', async (args, stderr) => {
    // The mock's URL first: a flag left without its value at the end stays so.
    const result = await runCli(['arm', '--url', mock.url, ...args]);
    expect(result.stderr).toMatch(stderr);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(await armedOutcomes()).toEqual([]);
  });
});
