/**
 * The receiver's leg failing as an armed outcome says (docs/network-failures.md#the-other-legs): an attempt that
 * connects only after a delay (`webhook.connect-delay`), or whose connection is closed half-way through its body, so
 * the receiver reads an aborted request (`webhook.reset-mid-body`). Never throws: every outcome is a value, the
 * attempt's network field saying what was done.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Send, SendResult, WebhookRequest } from './http-send.ts';

/** What an armed outcome does to a delivery's first attempt. */
export type ReceiverLeg = 'connect-delay' | 'reset-mid-body';

/** `profile`: the network profile (`name@stage`) that chose the leg, when no armed outcome did. */
export type LegResult = SendResult & { network?: 'connect_delayed' | 'reset_mid_body'; delayedMs?: number; profile?: string };

/** The longest a connection is delayed, whatever the configuration says: as long as the longest hold of an answer. */
const MAX_DELAY_MS = 120_000;

/** Sends once `delayMs` (real time, bounded) has passed; the wait never keeps a stopping process alive. */
export async function delayedSend(send: Send, request: WebhookRequest, delayMs: number): Promise<LegResult> {
  const delayedMs = Math.min(Math.max(0, Math.round(delayMs)), MAX_DELAY_MS);
  await new Promise((resolve) => setTimeout(resolve, delayedMs).unref());
  return { ...(await send(request)), network: 'connect_delayed', delayedMs };
}

/**
 * Connects, sends the headers (with the whole body's Content-Length) and half the body, then closes the connection:
 * the receiver's server sees the request aborted (`by`: who cut it, for the attempt's error). A receiver that cannot be reached fails the attempt as usual.
 */
export function cutMidBody(request: WebhookRequest, timeoutMs: number, by = 'an armed outcome'): Promise<LegResult> {
  return new Promise((resolve) => {
    const body = Buffer.from(request.body);
    let settled = false;
    const done = (error: string) => {
      if (settled) return;
      settled = true;
      resolve({ error, network: 'reset_mid_body' });
    };
    let outgoing: ReturnType<typeof httpRequest>;
    try {
      const url = new URL(request.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      outgoing = send(url, { method: 'POST', headers: { ...request.headers, 'Content-Length': String(body.length) }, timeout: timeoutMs });
    } catch (error) {
      return done(error instanceof Error ? error.message : String(error));
    }
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', (error: Error & { code?: string }) => done(error.code ?? error.message));
    outgoing.write(body.subarray(0, Math.floor(body.length / 2)), (error) => {
      if (error) return done(error.message);
      outgoing.destroy();
      done(`connection closed mid-body by ${by}`);
    });
  });
}
