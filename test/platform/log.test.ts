/** The logger's two formats, as a reader or a log pipeline sees the lines. */
import { describe, expect, it } from 'vitest';
import { createLogger, timeOfDay } from '../../src/platform/log.ts';

const AT = new Date('2026-03-02T10:00:00.000Z');

function capture(level: Parameters<typeof createLogger>[0], format: 'text' | 'json', colour = false) {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, (line) => lines.push(line), { format, now: () => AT, colour }) };
}

/** The injected time as a person reads it: the time of day in this machine's zone. */
const LOCAL = `${String(AT.getHours()).padStart(2, '0')}:${String(AT.getMinutes()).padStart(2, '0')}:00.000`;

describe('json format', () => {
  it('writes one object per line with level, time (the injected real time), msg and the fields', () => {
    const { lines, logger } = capture('debug', 'json');
    logger.info('GET /v1/orders 200', { method: 'GET', status: 200, ok: true, clientId: undefined });
    logger.error('failed\nwith a stack');
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 'info', time: '2026-03-02T10:00:00.000Z', msg: 'GET /v1/orders 200', method: 'GET', status: 200, ok: true },
      { level: 'error', time: '2026-03-02T10:00:00.000Z', msg: 'failed\nwith a stack' },
    ]);
  });

  it('a field cannot overwrite level, time or msg', () => {
    const { lines, logger } = capture('info', 'json');
    logger.warn('real', { level: 'debug', time: 'never', msg: 'fake', extra: 1 });
    expect(JSON.parse(lines[0] ?? '')).toEqual({ level: 'warn', time: '2026-03-02T10:00:00.000Z', msg: 'real', extra: 1 });
  });
});

describe('text format', () => {
  it('writes the message then key=value fields, leaving out what the message already says and quoting spaces', () => {
    const { lines, logger } = capture('info', 'text');
    logger.info('GET /v1/orders 200', { method: 'GET', path: '/v1/orders', status: 200, durationMs: 3.5, scenario: 'global:a b', clientId: undefined });
    expect(lines).toEqual([`[commerce-mock] ${LOCAL} info: GET /v1/orders 200 durationMs=3.5 scenario="global:a b"\n`]);
  });

  it('each line carries the time of day, to the millisecond', () => {
    expect(timeOfDay(new Date(2026, 2, 2, 9, 5, 7, 42))).toBe('09:05:07.042');
  });

  it('colours the time and the level only when asked (a terminal), and writes no escape otherwise', () => {
    const plain = capture('info', 'text');
    plain.logger.warn('slow');
    expect(plain.lines[0]).not.toContain('\u001b');
    const coloured = capture('info', 'text', true);
    coloured.logger.warn('slow');
    coloured.logger.error('broken');
    expect(coloured.lines).toEqual([
      `[commerce-mock] \u001b[2m${LOCAL}\u001b[22m \u001b[33mwarn:\u001b[39m slow\n`,
      `[commerce-mock] \u001b[2m${LOCAL}\u001b[22m \u001b[31merror:\u001b[39m broken\n`,
    ]);
  });
});

describe('levels', () => {
  it.each([
    ['silent', []],
    ['error', ['error']],
    ['warn', ['error', 'warn']],
    ['info', ['error', 'warn', 'info']],
    ['debug', ['error', 'warn', 'info', 'debug']],
  ] as const)('%s writes %j', (level, written) => {
    const { lines, logger } = capture(level, 'json');
    logger.error('e');
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    expect(lines.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual(written);
  });
});
