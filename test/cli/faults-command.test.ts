/**
 * `commerce-mock faults` against a running mock: applies a network profile to a client (mock-client unless told) for
 * a while, from a seed, lists the profiles and the client's, clears it; each refusal (an unknown profile or client,
 * a bad flag, no mock) is an English line with an exit code, before anything is applied.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/index.ts';
import { runCli } from '../support/cli.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret' }, { clientId: 'shop', clientSecret: 'shop-secret' }] });
});
afterAll(() => mock.stop());

const faults = (...args: string[]) => runCli(['faults', ...args, '--url', mock.url]);
const appliedTo = (clientId: string) => mock.admin.network.get(clientId).then((applied) => applied.profile, () => 'none');

describe('commerce-mock faults', () => {
  it('applies a profile to --client for --for from --seed, prints how to repeat and remove it, lists it, clears it', async () => {
    const applied = await faults('--profile', 'flaky-mobile', '--client', 'shop', '--for', '10m', '--seed', '42');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const profile = await mock.admin.network.get('shop');
    expect(profile).toMatchObject({ profile: 'flaky-mobile', seed: 42 });
    expect(Date.parse(profile.until ?? '') - Date.parse(profile.appliedAt)).toBe(600_000);
    expect(applied.stdout).toBe(
      [
        `applied flaky-mobile to shop, seed 42, until ${profile.until} on its clock`,
        '  now: flaky: latency 20-200 ms, reset 5%, reply lost 5%, timeout 3%, slow body 2%',
        `  repeat this run: npx commerce-mock faults --profile flaky-mobile --for 10m --seed 42 --client shop --url ${mock.url}`,
        `  remove it: npx commerce-mock faults --clear --client shop --url ${mock.url}`,
        '',
      ].join('\n'),
    );
    const listed = await faults('--list', '--client', 'shop');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^network profiles:\n {2}flaky-mobile {2}A phone on a patchy signal/);
    expect(listed.stdout).toContain('\napplied to shop: flaky-mobile, stage flaky (1 of 1), seed 42; 0 requests met: 0 reset, 0 reply lost, 0 timeout, 0 slow body, 0 delayed\n');
    expect((await faults('--clear', '--client', 'shop')).stdout).toBe('removed the network profile of shop\n');
    expect((await faults('--clear', '--client', 'shop')).stdout).toBe('shop had no network profile\n');
    expect(await appliedTo('shop')).toBe('none');
  });

  it('a ramp prints its stages; without --for it lasts until cleared; --list says when nothing is applied', async () => {
    const applied = await faults('--profile', 'outage-30s');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/^applied outage-30s to mock-client, seed \d+, until removed\n {2}now: calm: answered as usual\n {2}ramp: calm 10s → degraded 10s → outage 30s → recovery\n/);
    await faults('--clear');
    expect((await faults('--list')).stdout).toMatch(/\nno network profile applied to mock-client; apply one: npx commerce-mock faults --profile flaky-mobile --client mock-client --url \S+\n$/);
  });

  it.each([
    [['--profile', 'flaky-mobil'], /^commerce-mock faults: unknown profile "flaky-mobil" \(did you mean flaky-mobile\?\); the profiles: npx commerce-mock faults --list --client mock-client --url \S+\n$/],
    [['--profile', '__proto__'], /^commerce-mock faults: unknown profile "__proto__"; the profiles: /],
    [['--profile', 'slow-3g', '--client', 'nobody'], /^commerce-mock faults: client nobody is unknown to the mock at http:\/\/127\.0\.0\.1:\d+ \(--client, or env COMMERCE_CLIENT_ID\) \[not_found\]\n$/],
    [['--clear', '--client', 'nobody'], /^commerce-mock faults: client nobody is unknown to the mock at /],
    [['--list', '--client', 'nobody'], /^commerce-mock faults: client nobody is unknown to the mock at /],
    [[], /^commerce-mock faults: give --profile <name> \(npx commerce-mock faults --profile flaky-mobile\), --clear or --list\n$/],
    [['--profile', 'slow-3g', '--clear'], /^commerce-mock faults: --profile and --clear: one at a time\n$/],
    [['--list', '--seed', '3'], /^commerce-mock faults: --seed goes with --profile\n$/],
    [['--profile', 'slow-3g', '--for', '0s'], /--for.*expected a duration from 1s to 7d such as 90s, 10m or 2h, got "0s"/],
    [['--profile', 'slow-3g', '--for', '8d'], /expected a duration from 1s to 7d/],
    [['--profile', 'slow-3g', '--for', '-5m'], /expected a duration from 1s to 7d/],
    [['--profile', 'slow-3g', '--seed', '-1'], /--seed.*expected a whole number from 0 to 2147483647/],
    [['--profile', 'slow-3g', '--seed', '99999999999'], /expected a whole number from 0 to 2147483647/],
  ])('%j: refused in English, exit 2, nothing applied', async (args, stderr) => {
    const result = await faults(...args);
    expect(result.stderr).toMatch(stderr);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect([await appliedTo('mock-client'), await appliedTo('shop')]).toEqual(['none', 'none']);
  });

  it('no mock at --url: exit 2, saying it cannot be reached', async () => {
    const result = await runCli(['faults', '--profile', 'slow-3g', '--url', 'http://127.0.0.1:9']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^commerce-mock faults: the mock at http:\/\/127\.0\.0\.1:9 cannot be reached: /);
  });

  it("a bad profile file in the scenarios folder's profiles/ stops start-up with exit 2, naming the file and the field", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    mkdirSync(join(dir, 'profiles'));
    writeFileSync(join(dir, 'profiles', 'mine.yaml'), 'stages:\n  - { name: a, api: { loss: 0.9, replyLost: 0.9 } }\n');
    const result = await runCli(['start', '--scenarios', dir, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${join(dir, 'profiles', 'mine.yaml')}: stages.0.api: loss, replyLost, timeout and slowBody together must not exceed 1`);
  });
});
