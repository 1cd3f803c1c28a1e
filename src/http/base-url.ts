/**
 * Which host a request reached, judged once for every use: the links a response hands out, the admin API's
 * DNS-rebinding check and the same-origin checks of state-changing requests.
 *
 * A Host header is this mock's own when it names this machine (a loopback name, the bound host or the socket's
 * own address) or the `--public-url` host, with a port in range. Links use `--public-url` when set, else an own
 * Host (so they work behind a port mapping and with `--port 0`); any other Host would let one client plant links
 * to a host of its choosing in a shared cache, so such a request gets the socket's address.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../platform/config.ts';
import { isLoopback } from '../domain/loopback-host.ts';

/** What judging a Host needs of the configuration: the bound host and the `--public-url` (a proxy has no other). */
export type SiteConfig = Pick<Config, 'host' | 'publicUrl'>;

/** A host name or bracketed IPv6 address (group 1), then an optional port (group 2); unnamed groups make no object. */
const HOST_HEADER = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;
const HIGHEST_PORT = 65_535;

/** The Host header, lower-cased, when it is this mock's own; undefined otherwise (absent, foreign, port out of range). */
export function ownHost(req: IncomingMessage, config: SiteConfig): string | undefined {
  const host = req.headers.host;
  const parts = host ? HOST_HEADER.exec(host) : undefined;
  const name = parts?.[1]?.toLowerCase();
  if (!host || !name) return undefined;
  const port = parts?.[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > HIGHEST_PORT)) return undefined;
  if (isLoopback(name)) return host.toLowerCase();
  const own = [hostOfAddress(config.host), hostOfAddress(req.socket.localAddress), publicHostName(config)];
  return own.includes(name) ? host.toLowerCase() : undefined;
}

/**
 * The origins a browser gives pages of this mock: the `--public-url`'s, and those of an own Host header (`host`, as
 * `ownHost` judged it: http, or https behind a TLS proxy that keeps the Host). A foreign Host has none.
 */
export function pageOrigins(host: string | undefined, config: SiteConfig): string[] {
  const fromHost = host ? [`http://${host}`, `https://${host}`].map(originOf) : [];
  const fromPublicUrl = config.publicUrl ? [originOf(config.publicUrl)] : [];
  return [...new Set([...fromPublicUrl, ...fromHost].filter((origin): origin is string => origin !== undefined))];
}

/** `host`: the request's own Host as `ownHost` judged it, when already known. */
export function baseUrlOf(req: IncomingMessage, config: Config, host = ownHost(req, config)): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (host) return `http://${host}`;
  return `http://${hostOfAddress(req.socket.localAddress)}:${req.socket.localPort ?? config.port}`;
}

/** `scheme://host[:port]` as a browser writes it in `Origin` (default port left out); undefined for no origin. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function publicHostName(config: SiteConfig): string | undefined {
  return config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : undefined;
}

/** An address as it appears in a URL: IPv6 in brackets, an IPv4-mapped address as IPv4. */
function hostOfAddress(address: string | undefined): string {
  if (!address) return 'localhost';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return address.includes(':') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}
