/**
 * Moving between views: the hash says which view shows, with which filters and which client; the back and forward
 * buttons move through them (hashchange). A view's filters, changed on the page, are written back into its address
 * (replaced, not pushed: the history holds views, not keystrokes). At a phone's width the views' list is a menu.
 */
import { byTestId } from './dom.js';
import { parseRoute, routeHash, storyHash } from './router.js';

const TITLES = {
  overview: 'Overview',
  clients: 'Clients & tokens',
  clock: 'Clock & scenarios',
  phone: "Payer's phone",
  records: 'Records',
  webhooks: 'Webhooks',
  journal: 'Journal',
  coverage: 'Coverage',
  audit: 'Audit',
  state: 'State',
  tenants: 'Tenants',
  story: 'Story',
};

/** `views`: view name → its panels; a panel may read its filters from the address (`applyParams`) and say them (`params`). */
export function navigation(ctx, views) {
  const toggle = byTestId('menu-toggle');
  const header = document.querySelector('header');
  ctx.route = parseRoute(location.hash);

  const setMenu = (open) => {
    header.classList.toggle('menu-open', open);
    document.body.classList.toggle('menu-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setMenu(!header.classList.contains('menu-open')));
  // The views' list starts below the header, whatever the header's height (a long message wraps it).
  new ResizeObserver(() => document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`)).observe(header);

  const panelsShown = () => views[ctx.route.view] ?? [];
  /** The address of what shows now: the view, the selected client and the view's filters. */
  const currentHash = () => {
    const params = { clientId: ctx.clientId };
    for (const panel of panelsShown()) Object.assign(params, panel.params?.() ?? {});
    return routeHash(ctx.route, params);
  };

  const show = () => {
    ctx.route = parseRoute(location.hash);
    const { view, params } = ctx.route;
    const clientId = params.get('clientId');
    if (clientId) ctx.selectClient(clientId);
    for (const node of document.querySelectorAll('[data-view]')) node.hidden = node.dataset.view !== view;
    for (const link of document.querySelectorAll('[data-nav]')) {
      if (link.dataset.nav === view) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    for (const panel of panelsShown()) panel.applyParams?.(params, ctx.route);
    document.title = `${TITLES[view]} · commerce-mock QA console`;
    document.body.dataset.shownView = view;
    setMenu(false);
    window.scrollTo(0, 0);
    void ctx.refresh();
  };

  /** Keeps the address in step with the page, without a new history entry. */
  ctx.remember = () => {
    const hash = currentHash();
    if (hash !== location.hash) history.replaceState(null, '', hash);
  };
  /** Opens a view (a new history entry), with the selected client unless `params` names another. */
  ctx.navigate = (view, params = {}) => {
    location.hash = routeHash({ view }, { clientId: ctx.clientId, ...params });
  };
  ctx.storyLink = (id, clientId = ctx.clientId) => storyHash(id, clientId);
  ctx.isShown = (view) => ctx.route.view === view;
  ctx.onClientChange(() => ctx.remember());

  window.addEventListener('hashchange', show);
  return {
    start() {
      if (!location.hash) history.replaceState(null, '', routeHash({ view: 'overview' }));
      show();
    },
  };
}
