/** The console's layout check at any width: nothing wider than the screen, no panel or shown table wider than its holder. */
import type { Page } from 'playwright-core';

/**
 * Every element wider than the screen, and every panel or table wider than what holds it (none expected). A
 * string run in the page: the suite's TypeScript has no DOM types.
 */
const OVERFLOWS = `(() => {
  const found = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth) found.push('page ' + root.scrollWidth + ' > ' + root.clientWidth);
  for (const section of document.querySelectorAll('section')) {
    const name = section.dataset.testid;
    if (section.scrollWidth > section.clientWidth) found.push(name + ' ' + section.scrollWidth + ' > ' + section.clientWidth);
    const inner = section.getBoundingClientRect();
    for (const table of section.querySelectorAll('table')) {
      // A table not shown (hidden, or in a closed group) takes no room.
      if (table.getClientRects().length === 0) continue;
      const outer = table.getBoundingClientRect();
      if (outer.right > inner.right + 0.5 || outer.left < inner.left - 0.5) found.push(name + ' table ' + table.dataset.testid);
    }
  }
  return found;
})()`;

export const overflows = (page: Page) => page.evaluate(OVERFLOWS) as Promise<string[]>;
