/**
 * The flags of `commerce-mock proxy` that take a value, each parser naming what it expected (commander turns a
 * refusal into exit 2 with the flag's name), and their defaults.
 */
import { InvalidArgumentError } from 'commander';

export const DEFAULT_PORT = 4020;
/** `--timeout`: a real service answers well within this; a sandbox that hangs does not hold the client forever. */
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** `--max-judged-bytes`: far above any API answer (a page of 100 records is tens of KiB), a bounded cost to judge. */
export const DEFAULT_MAX_JUDGED_BYTES = 8 * 1024 * 1024;
const MAX_TIMEOUT_SECONDS = 3600;
const MAX_JUDGED_BYTES_CEILING = 1024 * 1024 * 1024;

export function targetUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`expected an http(s) URL, got "${value}".`);
  return url;
}

export function portNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65_535) throw new InvalidArgumentError(`expected a port (0-65535), got "${value}".`);
  return Number(value);
}

/** Seconds, decimals allowed (`0.5`), more than 0 and at most an hour. */
export function timeoutSeconds(value: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) throw new InvalidArgumentError(`expected seconds (more than 0, at most ${MAX_TIMEOUT_SECONDS}), got "${value}".`);
  return seconds;
}

/** Bytes, or KiB and MiB with `k` and `m` (`512k`, `2m`): at least 1 byte, at most 1 GiB. */
export function byteSize(value: string): number {
  const parsed = /^(\d+)([km]?)$/i.exec(value);
  const unit = parsed?.[2]?.toLowerCase();
  const bytes = parsed ? Number(parsed[1]) * (unit === 'm' ? 1024 * 1024 : unit === 'k' ? 1024 : 1) : Number.NaN;
  if (!(bytes >= 1 && bytes <= MAX_JUDGED_BYTES_CEILING)) throw new InvalidArgumentError(`expected a size in bytes, or with k or m (at most 1024m), got "${value}".`);
  return bytes;
}
