/** A leveled logger writing one line per event; main.ts owns the streams, tests pass a silent one. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const at = (wanted: Exclude<LogLevel, 'silent'>) => (message: string) => {
    if (RANK[level] >= RANK[wanted]) write(`[commerce-mock] ${wanted}: ${message}\n`);
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

export const silentLogger: Logger = createLogger('silent', () => undefined);
