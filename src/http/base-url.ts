/**
 * The base URL of the links a response hands out: `--public-url` when set, else the host the client reached,
 * so the links work behind a port mapping and with `--port 0`. A Host header that is not a plain host[:port]
 * is not echoed into links; the listening socket's own address is used instead.
 */
import type { Request } from 'express';
import type { Config } from '../config.ts';

const HOST_HEADER = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function baseUrlOf(req: Request, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = req.headers.host;
  if (host && HOST_HEADER.test(host)) return `http://${host}`;
  return `http://localhost:${req.socket.localPort ?? config.port}`;
}
