/**
 * The page templates (`templates/*.eta`). tsc copies only code, so the sources and the build both read them from
 * src/pages/checkout/templates (see package-files.ts), as the console and /docs read their files.
 * Every `<%= %>` is escaped; no template uses the raw `<%~ %>` on data.
 */
import { Eta } from 'eta';
import { SHIPPED } from '../../platform/package-files.ts';
import type { CheckoutView } from './checkout-view.ts';

export const TEMPLATES_DIR = SHIPPED.checkoutTemplates;

const eta = new Eta({ views: TEMPLATES_DIR, autoEscape: true, cache: true });

/** The view, and the token its forms carry (page-token.ts). */
export function renderCheckout(view: CheckoutView & { pageToken: string }): string {
  return eta.render('./checkout', view);
}

/** A page with a title and one sentence: not found, method not allowed, a refused or failed request. */
export function renderMessage(title: string, message: string): string {
  return eta.render('./message', { title, message });
}
