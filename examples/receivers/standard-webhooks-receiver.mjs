/**
 * A webhook receiver that passes every case of `commerce-mock drill`: it verifies Standard Webhooks signatures with
 * the `standardwebhooks` library over the raw body (before any JSON parsing), answers at once, and acts once per
 * event id. Run it with `WEBHOOK_SECRET=whsec_… PORT=3000 node standard-webhooks-receiver.mjs` (`PORT=0`: any free
 * port, printed), then `npx commerce-mock drill --url http://127.0.0.1:3000/webhooks --secret whsec_…` (same secret).
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** The receiver as a node:http server; `handled` lists the events it acted on, once each, in arrival order. */
export function createReceiver({ secret }) {
  const webhook = new Webhook(secret);
  const seen = new Set();
  const handled = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        // Throws on a missing or wrong signature, a changed body, and a timestamp more than 5 minutes from now:
        // the signature is checked before the event id, so a replayed copy of a known event is refused too.
        event = webhook.verify(rawBody, req.headers);
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid signature' }));
        return;
      }
      // Acknowledge first; the work goes on after (a real receiver queues it), so a slow job never times a delivery out.
      res.writeHead(204).end();
      if (seen.has(event.id)) return;
      seen.add(event.id);
      handled.push(event);
    });
  });
  return { server, handled };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('WEBHOOK_SECRET is required (the whsec_… secret the mock signs with)');
    process.exit(2);
  }
  const { server } = createReceiver({ secret });
  // PORT=0 takes any free port: the line names the one it got.
  server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => console.log(`receiving webhooks on http://127.0.0.1:${server.address().port}/webhooks`));
}
