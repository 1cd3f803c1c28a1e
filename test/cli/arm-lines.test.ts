/**
 * The `npx commerce-mock arm …` line printed to copy: a client id or URL a shell would split or expand is quoted, so
 * the line pasted acts on that client; the default mock's URL is left out; nothing unprintable reaches the terminal.
 */
import { describe, expect, it } from 'vitest';
import { armCommandLine } from '../../src/cli/arm-lines.ts';

describe('armCommandLine', () => {
  it('names the client always, and the mock only when it is not the default one', () => {
    expect(armCommandLine(['payer.WRONG_PIN'], { clientId: 'mock-client', mockUrl: 'http://127.0.0.1:4010' })).toBe('npx commerce-mock arm payer.WRONG_PIN --client mock-client');
    expect(armCommandLine(['--list'], { clientId: 'job-a', mockUrl: 'http://mock:4010/' })).toBe('npx commerce-mock arm --list --client job-a --url http://mock:4010/');
  });

  it('quotes what a shell would split, expand or end, and drops control characters', () => {
    expect(armCommandLine(['server.500'], { clientId: "shop two's $HOME", mockUrl: 'http://127.0.0.1:4010' })).toBe(`npx commerce-mock arm server.500 --client 'shop two'\\''s $HOME'`);
    expect(armCommandLine(['server.500'], { clientId: 'job\u001b[2J;rm', mockUrl: 'http://127.0.0.1:4010' })).toBe(`npx commerce-mock arm server.500 --client 'job[2J;rm'`);
  });
});
