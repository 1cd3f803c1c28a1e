/**
 * One order's (or subscription's) whole story, oldest first, on its client's clock: every request that touched it,
 * each status change and why, the payer's prompt, each webhook delivery and attempt, as
 * `GET /__admin/orders/{order_id}/story` tells it. Each entry opens to its details. The header's search box opens
 * the story of any id typed in.
 */
import { onSubmit } from './context.js';
import { breakable, byTestId, el, shortTime } from './dom.js';
import { STORY_KINDS, storyHash } from './router.js';

/** The fields every entry has; the rest are its details. */
const SHOWN_FIELDS = new Set(['at', 'kind', 'summary']);
/** The admin router's own 404 (no route at that path), told apart from a story route's "no such order". */
const NO_ROUTE = 'Recurso não encontrado';

const detailsOf = (entry) => Object.fromEntries(Object.entries(entry).filter(([name]) => !SHOWN_FIELDS.has(name)));

const entryItem = (entry) => {
  const details = detailsOf(entry);
  return el(
    'li',
    { testid: 'story-entry', className: 'story-entry', 'data-kind': entry.kind },
    el(
      'div',
      { className: 'story-line' },
      el('time', { testid: 'story-at', datetime: entry.at, text: shortTime(entry.at) }),
      el('span', { testid: 'story-kind', className: 'story-kind', text: entry.kind }),
      el('span', { testid: 'story-summary', className: 'story-summary' }, breakable(entry.summary ?? '')),
    ),
    Object.keys(details).length > 0
      ? el('details', { testid: 'story-details' }, el('summary', { text: 'Details' }), el('pre', {}, el('code', { text: JSON.stringify(details, null, 2) })))
      : undefined,
  );
};

export function storyPanel(ctx) {
  const list = byTestId('story-entries');
  const problem = byTestId('story-problem');
  let shown = { kind: 'orders', id: '' };
  let renderedKey = '';

  onSubmit('order-search-form', () => {
    const field = byTestId('order-search');
    const id = field.value.trim();
    field.value = '';
    location.hash = storyHash(id, ctx.clientId);
  });

  const show = (story) => {
    const key = JSON.stringify(story);
    if (key === renderedKey) return;
    renderedKey = key;
    byTestId('story-client').textContent = story ? `client ${story.clientId} · ${story.entries.length} entries, oldest first` : '';
    list.replaceChildren(...(story?.entries ?? []).map(entryItem));
  };

  return {
    onlyWhenShown: true,
    applyParams(params, route) {
      shown = { kind: route.kind, id: route.id };
      byTestId('story-title').replaceChildren(`${STORY_KINDS[route.kind]} `, el('code', {}, breakable(route.id)));
      problem.textContent = '';
      show(undefined);
    },
    async refresh() {
      if (!shown.id) return;
      try {
        const { data } = await ctx.admin('GET', `/${shown.kind}/${encodeURIComponent(shown.id)}/story`);
        problem.textContent = '';
        show(data);
      } catch (error) {
        if (error.status !== 404 && error.status !== 400) throw error;
        problem.textContent =
          error.status === 404 && error.body?.message === NO_ROUTE
            ? `This mock has no story route (GET /__admin/${shown.kind}/{id}/story): a newer version tells the story.`
            : (error.body?.message ?? error.message);
        show(undefined);
      }
    },
  };
}
