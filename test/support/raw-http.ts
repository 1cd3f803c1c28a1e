/**
 * A request sent as written: node:http puts `path` on the request line untouched, where `fetch` and URL resolve
 * dot segments (`/a/../b` leaves as `/b`) before anything is sent.
 */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
}

export function rawRequest(origin: string, method: string, path: string, body?: unknown): Promise<RawAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = payload === undefined ? {} : { 'Content-Type': 'application/json' };
  return new Promise((resolve, reject) => {
    const sent = request(origin, { method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}
