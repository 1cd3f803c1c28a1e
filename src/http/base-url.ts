/**
 * The base URL of the links a response hands out: `--public-url` when set, else the host the client reached,
 * so the links work behind a port mapping and with `--port 0`. The Host header is echoed only when it names
 * this machine (a loopback name, the bound host or the socket's own address): any other value would let one
 * client plant links to a host of its choosing in a shared cache. Such a request gets the socket's address.
 */
import type { Request } from 'express';
import type { Config } from '../config.ts';
import { isLoopback } from './loopback.ts';

const HOST_HEADER = /^(?<name>[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function baseUrlOf(req: Request, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const socketHost = hostOfAddress(req.socket.localAddress);
  const host = req.headers.host;
  const name = host ? HOST_HEADER.exec(host)?.groups?.['name']?.toLowerCase() : undefined;
  if (host && name && (isLoopback(name) || [hostOfAddress(config.host), socketHost].includes(name))) return `http://${host}`;
  return `http://${socketHost}:${req.socket.localPort ?? config.port}`;
}

/** An address as it appears in a URL: IPv6 in brackets, an IPv4-mapped address as IPv4. */
function hostOfAddress(address: string | undefined): string {
  if (!address) return 'localhost';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return address.includes(':') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}
