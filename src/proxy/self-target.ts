/**
 * Whether a target URL reaches the proxy's own listening socket, however it is spelled: `localhost` or
 * `127.0.0.1` for a proxy on loopback, any address of this machine for one bound to `0.0.0.0` or `::`, the port
 * written or implied by the scheme. A proxy forwarding to itself would forward each request to itself again until
 * it ran out of sockets; `commerce-mock proxy` refuses such a target at start (hop.ts catches the loops this
 * cannot see, through other proxies or names that resolve elsewhere later).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

export interface Bound {
  /** The listening socket's address, as `server.address()` gives it. */
  address: string;
  port: number;
}

/** The target address that is the proxy itself, or undefined. */
export async function selfAddressOf(target: URL, bound: Bound): Promise<string | undefined> {
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  if (port !== bound.port) return undefined;
  const addresses = await addressesOf(target.hostname.replace(/^\[(.*)\]$/, '$1'));
  return addresses.find((address) => reaches(connectedTo(address), bound.address));
}

async function addressesOf(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  // A name that does not resolve now is not this proxy (the target may come up later).
  return lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => []);
}

/** The address a connection to `address` arrives at: the unspecified address means this machine's loopback. */
function connectedTo(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address.toLowerCase();
}

/** A wildcard bind takes every address of this machine: IPv4 ones for 0.0.0.0, both families for `::`. */
function reaches(address: string, bound: string): boolean {
  if (bound === '0.0.0.0') return isIP(address) === 4 && isLocal(address);
  if (bound === '::') return isLocal(address);
  return address === connectedTo(bound);
}

function isLocal(address: string): boolean {
  if (address.startsWith('127.') || address === '::1') return true;
  return Object.values(networkInterfaces()).some((entries) => entries?.some((entry) => entry.address.toLowerCase() === address));
}
