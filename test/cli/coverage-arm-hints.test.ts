/**
 * `commerce-mock coverage --require` names, for each missing outcome the mock can arm, the `commerce-mock arm`
 * command that arms it for the client on this mock, in its table and in the Markdown report; an outcome only the
 * integration causes gets its hint, not a command; nothing missing, no command.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/index.ts';
import { runCli } from '../support/cli.ts';
import { startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let mock: Mock;
let dir = '';
beforeAll(async () => {
  mock = await startCheckedMock({ clients: [{ clientId: 'shop-one', clientSecret: 'shop-one-secret' }] });
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-arm-hints-'));
});
afterAll(async () => {
  await mock.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('coverage --require and arming', () => {
  it('prints the arm command of each missing armable outcome, in the table and the Markdown report', async () => {
    const required = join(dir, 'required.yaml');
    await writeFile(required, 'required: [tokens.issue.200, payer.WRONG_PIN, orders.create.400.invalid_request, webhook.retried-after-5xx, webhook.duplicate-received]\n');
    await tokenFor(mock);
    const result = await runCli(['coverage', '--url', mock.url, '--client', 'shop-one', '--require', required, '--report', join(dir, 'report')]);
    expect(result.code).toBe(1);
    const commands = [`npx commerce-mock arm payer.WRONG_PIN --client shop-one --url ${mock.url}`, `npx commerce-mock arm webhook.duplicate-received --client shop-one --url ${mock.url}`];
    expect(result.stdout).toContain(
      `\n\nto meet a missing one the mock can arm, arm it for the client's next move (docs/arming.md) and run the test that meets it:\n  ${commands[0]}\n  ${commands[1]}\n`,
    );
    expect(result.stdout).not.toContain('commerce-mock arm orders.create');
    // A receiver's 5xx is the receiver's to answer: no arm command for it.
    expect(result.stdout).not.toContain('commerce-mock arm webhook.retried-after-5xx');
    expect(result.stdout).not.toContain('commerce-mock arm tokens.issue.200');
    const markdown = await readFile(join(dir, 'report', 'coverage-report.md'), 'utf8');
    expect(markdown).toContain(`\n\`\`\`sh\n${commands.join('\n')}\n\`\`\`\n`);
    const json = JSON.parse(await readFile(join(dir, 'report', 'coverage-report.json'), 'utf8')) as { outcomes: Array<{ id: string; armable: boolean }> };
    expect(json.outcomes.filter((outcome) => outcome.armable).map((outcome) => outcome.id)).toContain('payer.WRONG_PIN');
    expect(json.outcomes.find((outcome) => outcome.id === 'orders.create.400.invalid_request')?.armable).toBe(false);
  });

  it('names no arm command when nothing required is missing', async () => {
    const required = join(dir, 'met.yaml');
    await writeFile(required, 'required: [tokens.issue.200]\n');
    const result = await runCli(['coverage', '--url', mock.url, '--client', 'shop-one', '--require', required, '--report', join(dir, 'met')]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('commerce-mock arm');
    expect(await readFile(join(dir, 'met', 'coverage-report.md'), 'utf8')).not.toContain('commerce-mock arm');
  });
});
