/**
 * Whether a host names this machine's loopback interface. A bound `--host`, a Host header and a webhook URL's
 * host all reach loopback in more spellings than `127.x.x.x`: the resolver (getaddrinfo, which `net` uses) reads
 * `127.1`, `127.0.1`, `2130706433` and `0x7f.1` as 127.0.0.1, and IPv6 writes `::1` and `::ffff:127.0.0.1` in
 * several forms. So the host is parsed the way a URL parses it (WHATWG: the same IPv4 shorthand as inet_aton,
 * IPv6 compressed and lower-cased) and the parsed address is judged, never the spelling.
 */

/** Characters a host name or an IP literal may hold: anything else (`@`, `/`, spaces) is no host at all. */
const HOST_CHARACTERS = /^(?:[A-Za-z0-9.-]+|\[?[0-9A-Fa-f:.]+\]?)$/;

/** A host as written (a name, an IPv4 in any spelling, an IPv6 with or without brackets), with no port. */
export function isLoopback(host: string): boolean {
  if (!HOST_CHARACTERS.test(host)) return false;
  const literal = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let url: URL;
  try {
    url = new URL(`http://${literal}/`);
  } catch {
    return false;
  }
  // A name as written: `localhost` itself, not its subdomains or a trailing-dot spelling, which no bind needs and
  // a Host header has no reason to carry (the webhook guard, below, is the one that reads them wider).
  return url.port === '' && (url.hostname === 'localhost' || isLoopbackAddress(url.hostname));
}

/**
 * A URL's hostname, already normalised by URL (IPv4 dotted, IPv6 in brackets and compressed), in any case and
 * with or without the trailing dot of a fully qualified name: 127.0.0.0/8, ::1, an IPv4-mapped 127/8, `localhost`
 * and its subdomains (RFC 6761 keeps `.localhost` on loopback).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return isLoopbackAddress(host) || host === 'localhost' || host.endsWith('.localhost');
}

/** 127.0.0.0/8, ::1 or an IPv4-mapped 127/8, as URL writes an address. */
function isLoopbackAddress(host: string): boolean {
  const v4 = ipv4Of(host);
  return (v4 !== undefined && v4[0] === 127) || host === '[::1]';
}

/** The four octets of a dotted IPv4 hostname, or of an IPv4-mapped IPv6 one (`[::ffff:a9fe:a9fe]`). */
export function ipv4Of(host: string): number[] | undefined {
  const dotted = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (dotted) return dotted.slice(1).map(Number);
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (!mapped) return undefined;
  const high = parseInt(mapped[1] as string, 16);
  const low = parseInt(mapped[2] as string, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}
