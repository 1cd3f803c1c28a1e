/**
 * `commerce-mock listen --forward-to <url>`, as `stripe listen` does: points a client's webhook endpoint on a running
 * mock at a local receiver, prints each delivery and the receiver's answer as it happens, and on Ctrl-C (SIGINT) or
 * SIGTERM gives the client the endpoint it had (or none). Exit 0 when stopped so, with the endpoint restored:
 * stopping is how listen is meant to end, as `start` ends; 1 when the restore failed; 2 on a usage problem
 * (no mock at --url, unknown client, a URL the mock refuses).
 */
import type { Command } from 'commander';
import { withExamples } from './help-text.ts';
import { currentEndpoint, LISTEN_DEFAULT_SECRET, restoreEndpoint, setEndpoint, type Endpoint } from './listen-endpoint.ts';
import { deliveryPrinter } from './listen-deliveries.ts';
import { printable } from '../platform/printable.ts';
import { painter } from '../platform/colour.ts';
import { connectProvider, ProviderUnreachable, StateSetupError, type ProviderApi } from '../provider-states/provider-api.ts';
import type { CliIo } from '../server/start-server.ts';
import { chosenWebhookSecret, SECRET_SHAPES, WEBHOOK_SECRET_ENV } from './webhook-secret-option.ts';
import { runningMockCommand } from './running-mock.ts';

/** As trigger's: 127.0.0.1, where the mock binds by default (`localhost` may resolve to ::1 first). */
export const DEFAULT_LISTEN_URL = 'http://127.0.0.1:4010';

/** How often the deliveries are read: often enough to feel live, rarely enough to stay out of the journal's way. */
const POLL_MS = 500;

interface ListenFlags {
  forwardTo: string;
  url: string;
  client: string;
  secret?: string;
  format?: 'mock' | 'standard';
  adminToken?: string;
}

export function defineListenCommand(program: Command, io: CliIo, env: Record<string, string | undefined>, run: (command: Promise<number>) => void): void {
  const command = runningMockCommand(program, 'listen', "forward a client's webhooks from a running mock to a local URL and print each delivery; Ctrl-C restores the endpoint", DEFAULT_LISTEN_URL)
    .requiredOption('--forward-to <url>', 'the receiver, e.g. http://localhost:3000/webhooks')
    .option('--client <id>', 'the client whose webhooks are forwarded', 'mock-client')
    .option('--secret <secret>', `signing secret (${SECRET_SHAPES}; env ${WEBHOOK_SECRET_ENV}; default: the endpoint's before, else ${LISTEN_DEFAULT_SECRET})`)
    .option('--format <format>', "mock or standard (default: the endpoint's before, else mock)")
    .action((flags: ListenFlags) => run(listen(flags, env, io)));
  withExamples(command, 'listen', [
    'commerce-mock listen --forward-to http://localhost:3000/webhooks',
    'commerce-mock listen --forward-to http://localhost:3000/webhooks --client shop-two --format standard --secret whsec_…',
    'commerce-mock trigger order.paid                     # in another terminal: a delivery to forward',
  ]);
}

async function listen(flags: ListenFlags, env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const usage = (problem: string) => (io.stderr(`commerce-mock listen: ${printable(problem)}\n`), 2);
  if (flags.format !== undefined && flags.format !== 'mock' && flags.format !== 'standard') return usage(`--format: expected mock or standard, got "${flags.format}"`);
  const chosen = chosenWebhookSecret(flags.secret, env, (line) => io.stderr(`commerce-mock listen: ${line}\n`), flags.format);
  if (!chosen.ok) return usage(chosen.problem);
  let api: ProviderApi;
  try {
    // The public API's credentials are not used: listen talks to the admin API alone.
    api = await connectProvider({ baseUrl: flags.url, credentials: { clientId: flags.client, clientSecret: '' }, mode: 'auto', adminToken: flags.adminToken ?? env['COMMERCE_MOCK_ADMIN_TOKEN'] });
  } catch (error) {
    if (error instanceof ProviderUnreachable) return usage(`${error.message} (is the mock running? start it with: npx commerce-mock start)`);
    throw error;
  }
  if (!api.hasAdmin) return usage(`${flags.url} has no commerce-mock admin API (is it a running mock? does it need --admin-token?)`);
  const before = await currentEndpoint(api, flags.client);
  if (before === undefined) return usage(`client ${flags.client} is unknown to the mock at ${flags.url}`);
  const secret = chosen.secret ?? before?.secret ?? LISTEN_DEFAULT_SECRET;
  const ours: Endpoint = { url: flags.forwardTo, secret, format: flags.format ?? before?.format ?? 'mock' };
  const paint = painter(io.colour?.stdout === true);
  const printer = deliveryPrinter(api, flags.client, ours.url, paint, io.stdout);
  try {
    await printer.skipPast();
    await setEndpoint(api, flags.client, ours);
  } catch (error) {
    if (error instanceof StateSetupError) return usage(error.message);
    throw error;
  }
  // The secret is named only when it is the documented default: one the user chose or the endpoint had stays unprinted.
  const signing = secret === LISTEN_DEFAULT_SECRET ? `secret ${LISTEN_DEFAULT_SECRET}` : 'the secret you gave or the endpoint had';
  io.stdout(`Ready: webhooks of ${flags.client} on ${flags.url} go to ${paint('bold', printable(ours.url))} (format ${ours.format}, signed with ${signing}). Ctrl-C to stop.\n`);
  await pollUntilStopped(io, printer.print);
  await printer.print().catch(() => undefined);
  try {
    io.stdout(`${await restoreEndpoint(api, flags.client, ours.url, before)}\n`);
    return 0;
  } catch (error) {
    io.stderr(`commerce-mock listen: could not restore the endpoint of ${flags.client}: ${printable(String((error as Error).message))}\n`);
    return 1;
  }
}

/** Polls until `io.stop` is aborted; a mock that stops answering is said once, and polled on. */
async function pollUntilStopped(io: CliIo, poll: () => Promise<void>): Promise<void> {
  let failing = false;
  while (!io.stop.aborted) {
    try {
      await poll();
      failing = false;
    } catch (error) {
      if (!failing) io.stderr(`commerce-mock listen: the mock does not answer (${printable(String((error as Error).message))}); still trying\n`);
      failing = true;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(timer);
        io.stop.removeEventListener('abort', done);
        resolve();
      }
      io.stop.addEventListener('abort', done, { once: true });
    });
  }
}
