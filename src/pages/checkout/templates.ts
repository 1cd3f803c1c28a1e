/**
 * The page templates (`templates/*.eta`), found beside this module: under src/ when run from the sources
 * (tests, tsx), under dist/ once built, where the build copies them (scripts/copy-page-templates.mjs, since tsc
 * copies only code). Every `<%= %>` is escaped; no template uses the raw `<%~ %>` on data.
 */
import { Eta } from 'eta';
import { fileURLToPath } from 'node:url';
import type { CheckoutView } from './checkout-view.ts';

export const TEMPLATES_DIR = fileURLToPath(new URL('./templates/', import.meta.url));

const eta = new Eta({ views: TEMPLATES_DIR, autoEscape: true, cache: true });

export function renderCheckout(view: CheckoutView): string {
  return eta.render('./checkout', view);
}

/** A page with a title and one sentence: not found, method not allowed, a refused or failed request. */
export function renderMessage(title: string, message: string): string {
  return eta.render('./message', { title, message });
}
