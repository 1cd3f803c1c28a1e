/**
 * The mock's hosted checkout, `/checkout/{orderId}`: the page an order's `checkout` link opens, where a tester
 * acts as the payer. It is public like the real one (no bearer), so it finds the order by id alone and acts for
 * the order's client. Each action goes through the order flow and is made durable and published like an admin
 * transition, so the payment, the webhooks and the status endpoint follow. A POST answers with a 303 to the
 * page (a reload never resubmits); a POST on a final order changes nothing and shows the outcome.
 *
 * A POST acts only when a page of this mock sent it: same origin (`Origin`, `Sec-Fetch-Site`), a form body, and
 * the page's token (page-token.ts). Anything else is refused before the order is touched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outcome } from '../../domain/outcome.ts';
import type { OrderRecord } from '../../domain/records.ts';
import type { ClientRegistry } from '../../clients/client-registry.ts';
import type { Config } from '../../platform/config.ts';
import type { Flows } from '../../handlers/flows.ts';
import { redactUrlPath } from '../../http/redact.ts';
import { mediaType } from '../../openapi/media-type.ts';
import { readBody } from '../../http/request-body.ts';
import { holdReply, type HoldEnd } from '../../http/held-replies.ts';
import { ERRORS } from '../../errors/failures.ts';
import { crossSiteRefusal, siteOf } from '../../http/request-site.ts';
import type { Logger } from '../../platform/log.ts';
import { DEFAULT_PAYER } from '../../domain/policy.ts';
import type { World, Worlds } from '../../deps/world.ts';
import { runningPrompt } from '../../orders/payer-prompt.ts';
import { isFinal } from '../../orders/transitions.ts';
import { checkoutView, type PayerForm } from './checkout-view.ts';
import type { PageTokens } from './page-token.ts';
import { payerAction } from './payer-action.ts';
import { renderCheckout, renderMessage } from './templates.ts';
import type { Page as ServedPage, PagePolicy } from '../page-serving.ts';

/** Where server/create-app.ts mounts the pages; `checkoutUrl` (src/orders/views.ts) builds links under it. */
export const CHECKOUT_PREFIX = '/checkout';

/** A form holds three short fields: anything larger is not the page's. */
const FORM_LIMIT_BYTES = 16 * 1024;

const ALLOW = 'GET, HEAD, POST';

/** What the page's forms send. */
const FORM = 'application/x-www-form-urlencoded';

export interface CheckoutDeps {
  flows: Pick<Flows, 'orders' | 'products' | 'customers' | 'payments' | 'wallets'>;
  clients: Pick<ClientRegistry, 'find'>;
  /** Makes a flow's change durable, then publishes its events (store/apply-change.ts). */
  apply(outcome: Outcome<unknown>): Promise<void>;
  logger: Logger;
  /** Which Host and origins are the mock's own. */
  config: Config;
  tokens: PageTokens;
  /** The world of the order's client: its payer policy (its prompt's times) and the clock the countdown reads. */
  worlds: Worlds;
  /**
   * What an armed outcome, or else the client's network profile, makes of this page for the order's client
   * (src/armed/armed-checkout.ts, src/armed/network-profile-legs.ts); none by default.
   */
  gate?(world: World, orderId: string): Promise<CheckoutGate | undefined>;
}

/** The page held `holdMs` before it is answered (nothing done when the payer's browser gives up first), or a 503. */
export type CheckoutGate = { outcome: string; profile?: string } & ({ holdMs: number } | { unavailable: true });

type Page = { status: number; html: string; headers?: Record<string, string> } | { status: 303; location: string };

/**
 * Every page is private and not to be cached (it changes with the order), framed by nobody, and may load only
 * its own inline style and http(s) images: a value that escaped the escaping still could not run a script. No
 * referrer leaves for another origin; `same-origin` rather than `no-referrer`, under which a browser sends the
 * page's own forms with `Origin: null`, which the same-origin check refuses.
 */
const POLICY: PagePolicy = { styleSrc: ["'unsafe-inline'"], imgSrc: ['http:', 'https:'], formAction: ["'self'"], referrer: 'same-origin', cache: 'no-store' };

/** Mounted at CHECKOUT_PREFIX, so `req.url` is what follows it: `/{orderId}`. */
export function checkoutPages(deps: CheckoutDeps): ServedPage {
  return {
    at: CHECKOUT_PREFIX,
    policy: POLICY,
    answer: async (req, res) => {
      let page: Page;
      try {
        page = await answer(req, res, deps);
      } catch (error) {
        deps.logger.error(`${req.method} ${CHECKOUT_PREFIX}${redactUrlPath(req.url ?? '')}: ${String((error as Error)?.stack ?? error)}`);
        page = { status: 500, html: renderMessage('Erro interno', 'A página de pagamento falhou. Tente novamente.') };
      }
      return 'location' in page ? { kind: 'redirect', status: 303, location: page.location } : { kind: 'html', ...page };
    },
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, deps: CheckoutDeps): Promise<Page> {
  const method = req.method ?? 'GET';
  if (!ALLOW.split(', ').includes(method)) {
    req.resume();
    return { status: 405, html: renderMessage('Método não permitido', 'Esta página aceita apenas GET e POST.'), headers: { Allow: ALLOW } };
  }
  const crossSite = crossSiteRefusal(method, req.headers, siteOf(req, deps.config));
  if (crossSite) return refused(req, 403, crossSite.message);
  const order = deps.flows.orders.find(orderIdOf(req.url));
  if (!order) {
    req.resume();
    return { status: 404, html: renderMessage('Pedido não encontrado', 'Não existe nenhum pedido com este endereço de pagamento.') };
  }
  const world = deps.worlds.of(order.clientId);
  const gated = await deps.gate?.(world, order.id);
  if (gated && 'unavailable' in gated) {
    req.resume();
    return { status: 503, html: renderMessage('Serviço indisponível', 'O pagamento está temporariamente indisponível. Tente de novo dentro de momentos.'), headers: { 'Retry-After': '30' } };
  }
  if (gated && (await held(res, gated.holdMs)) === 'closed') {
    req.resume();
    return { status: 503, html: '' };
  }
  if (method !== 'POST') return { status: 200, html: renderCheckout(viewOf(order, world, deps)) };

  if (mediaType(req.headers['content-type']) !== FORM) return refused(req, 415, 'Esta página aceita apenas os seus próprios formulários.');
  const body = await readBody(req, res, FORM_LIMIT_BYTES);
  if (!body.ok) return { status: ERRORS[body.reason].status === 413 ? 413 : 400, html: renderMessage('Pedido recusado', 'O formulário enviado não é válido.') };
  const token = (body.body as Record<string, unknown> | undefined)?.['token'];
  if (!deps.tokens.matches(order.id, token)) return refused(req, 403, 'Esta página expirou ou não foi aberta neste mock: recarregue-a e tente de novo.');
  // The order's own link, relative so it holds behind a proxy that mounts the mock under a path.
  const back: Page = { status: 303, location: encodeURIComponent(order.id) };
  if (isFinal(order.status)) return back;
  const action = payerAction(body.body);
  if (!action.ok) return { status: action.httpStatus, html: renderCheckout(viewOf(order, world, deps, action.form)) };
  const outcome =
    'prompt' in action ? deps.flows.orders.prompt(world, order.id, action.prompt) : deps.flows.orders.settle(world, order.id, action.status, { trigger: { by: 'checkout' } });
  if (!outcome.ok) return { status: 404, html: renderMessage('Pedido não encontrado', 'Não existe nenhum pedido com este endereço de pagamento.') };
  await deps.apply(outcome);
  return back;
}

/** Holds the page (http/held-replies.ts: bounded, ended by the browser closing or the mock stopping); how it ended. */
function held(res: ServerResponse, ms: number): Promise<HoldEnd> {
  return new Promise((resolve) => holdReply(res, ms, (end) => resolve(end)));
}

/** A POST not sent by a page of this mock: nothing changed, and whatever of its body is unread is drained. */
function refused(req: IncomingMessage, status: 403 | 415, message: string): Page {
  req.resume();
  return { status, html: renderMessage('Pedido recusado', message) };
}

/** `/ord_abc` → `ord_abc`; anything else (nested paths, bad escapes, the bare prefix) finds no order. */
function orderIdOf(url: string | undefined): string | undefined {
  const match = /^\/([^/?#]+)(?:\?.*)?$/.exec(url ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function viewOf(order: OrderRecord, world: World, deps: CheckoutDeps, form?: PayerForm) {
  const { clientId } = order;
  const [payment] = deps.flows.payments.list(clientId, { orderId: order.id });
  const view = checkoutView(
    order,
    {
      merchant: deps.clients.find(clientId)?.name ?? clientId,
      customer: deps.flows.customers.get(clientId, order.customerId),
      productOf: (productId) => deps.flows.products.get(clientId, productId),
      payment,
      prompt: runningPrompt(payment, world.policy.orders.payer ?? DEFAULT_PAYER, world.clock.nowMs()),
    },
    form,
  );
  return { ...view, pageToken: deps.tokens.of(order.id) };
}
