/**
 * A leveled logger writing one line per event, as text for people or as one JSON object per line for machines.
 * The entry owns the streams (bin/commerce-mock.js, ../sdk/launch-mock.ts), tests pass a silent one. Nothing
 * secret is ever handed to it: callers log paths (never query strings), ids and counts, never tokens or client secrets.
 */
import { wallClockNow } from './clock.ts';
import { painter, type Paint, type Style } from './colour.ts';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Structured detail of a log line: JSON fields, or `key=value` after the message in text. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

export interface Logger {
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  /** Whether a line at that level would be written: a caller skips building one that would not. */
  writes(level: Level): boolean;
}

export type Level = Exclude<LogLevel, 'silent'>;

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export interface LoggerOptions {
  format?: LogFormat;
  /** Where the time of a line comes from: real time, never the mock clock (which QA moves). */
  now?: () => Date;
  /** Colour the level and the time of text lines (a terminal only: src/platform/colour.ts decides). */
  colour?: boolean;
}

export function createLogger(level: LogLevel, write: (line: string) => void, options: LoggerOptions = {}): Logger {
  const now = options.now ?? wallClockNow;
  const render = options.format === 'json' ? jsonLine(now) : textLine(now, painter(options.colour === true));
  const at = (wanted: Level) => (message: string, fields?: LogFields) => {
    if (RANK[level] >= RANK[wanted]) write(render(wanted, message, fields));
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), writes: (wanted) => RANK[level] >= RANK[wanted] };
}

export const silentLogger: Logger = createLogger('silent', () => undefined);

/**
 * `[commerce-mock] 14:03:07.251 info: message key=value …`, the time of day in local time (a person reads it beside
 * their clock; the JSON lines carry the full ISO time). A field whose value the message already spells out (the
 * method and path of `GET /v1/orders 200`) is not repeated; a value with spaces or quotes is written as a JSON string.
 */
function textLine(now: () => Date, paint: Paint) {
  return (level: Level, message: string, fields?: LogFields): string => {
    const words = new Set(message.split(' '));
    const detail = Object.entries(fields ?? {})
      .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && !words.has(String(entry[1])))
      .map(([key, value]) => ` ${key}=${typeof value === 'string' && /[\s"=]|^$/.test(value) ? JSON.stringify(value) : String(value)}`)
      .join('');
    return `[commerce-mock] ${paint('dim', timeOfDay(now()))} ${paint(LEVEL_STYLE[level], `${level}:`)} ${message}${detail}\n`;
  };
}

const LEVEL_STYLE: Record<Level, Style> = { error: 'red', warn: 'yellow', info: 'cyan', debug: 'dim' };

/** `HH:MM:SS.mmm` in local time. */
export function timeOfDay(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** `{"level", "time", "msg", …fields}` on one line; a field cannot overwrite the three keys every line has. */
function jsonLine(now: () => Date) {
  return (level: Level, message: string, fields?: LogFields): string => {
    const { level: _level, time: _time, msg: _msg, ...rest } = fields ?? {};
    return `${JSON.stringify({ level, time: now().toISOString(), msg: message, ...rest })}\n`;
  };
}
