/**
 * Building the page from data with elements and text nodes only: no value is ever parsed as HTML, so a product
 * name or an error message shows as the characters it holds.
 */

/** `el('button', { testid: 'x', text: 'Go', onclick }, ...children)`; other props become attributes. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'testid') node.dataset.testid = String(value);
    else if (name === 'text') node.textContent = String(value);
    else if (name === 'className') node.className = String(value);
    else if (name === 'onclick') node.addEventListener('click', value);
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) if (child !== undefined && child !== null) node.append(child);
  return node;
}

export function byTestId(id, root = document) {
  const node = root.querySelector(`[data-testid="${id}"]`);
  if (!node) throw new Error(`missing element ${id}`);
  return node;
}

/** After these an id (`ord_3f9a…`, `shop-2`) or a URL (`/webhooks/shop-1`) may break: `<wbr>` marks the place. */
const SEPARATOR = /(?<=[_\-./:?&=@])/;
/** A piece between separators this long has no place to break: it may break anywhere (console.css `.long`). */
const UNBROKEN = 20;

/** The text with a line-break opportunity after each separator; its text content is the text unchanged. */
export function breakable(text) {
  const pieces = String(text).split(SEPARATOR);
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [document.createElement('wbr'), piece]));
}

/** A table cell; `testid` marks the cells tests and screenshots look for. Ids and URLs break at their separators. */
export function cell(value, testid) {
  const text = value === undefined || value === null ? '' : String(value);
  if (/\s/.test(text) || text.length < 12) return el('td', { testid, text });
  const unbroken = text.split(SEPARATOR).some((piece) => piece.length >= UNBROKEN);
  return el('td', { testid, className: unbroken ? 'long' : 'id' }, breakable(text));
}

/** A link to a record's story (`#/orders/ord_…`), its id breaking at its separators. */
export function storyLink(ctx, id, testid = 'story-link') {
  return el('a', { href: ctx.storyLink(id), testid, className: 'id-link', 'data-record-id': id }, breakable(id));
}

const rendered = new WeakMap();

/**
 * Replaces a table body's rows only when the data changed: a list refreshed every second and a half must not
 * rebuild a button under the pointer between its press and its release. Each cell is labelled with its column's
 * heading (`data-label`), which a phone-width screen shows beside the value, one row a card (console.css).
 */
export function renderRows(table, data, row) {
  const body = table.tBodies[0];
  const key = JSON.stringify(data);
  if (rendered.get(body) === key) return;
  rendered.set(body, key);
  const labels = [...(table.tHead?.rows[0]?.cells ?? [])].map((heading) => heading.textContent);
  const labelled = (tr) => {
    [...tr.cells].forEach((td, index) => {
      if (labels[index]) td.dataset.label = labels[index];
    });
    return tr;
  };
  body.replaceChildren(...data.map((item) => labelled(row(item))));
}

/** Fills a select with `[value, label]` options when they changed, keeping the chosen value if it is still there. */
export function fillSelect(select, options, keepFirst = 0) {
  const fixed = [...select.options].slice(0, keepFirst).map((option) => [option.value, option.textContent]);
  const wanted = [...fixed, ...options];
  const current = [...select.options].map((option) => [option.value, option.textContent]);
  if (JSON.stringify(current) === JSON.stringify(wanted)) return;
  const chosen = select.value;
  select.replaceChildren(...wanted.map(([value, label]) => el('option', { value, text: label })));
  if (wanted.some(([value]) => value === chosen)) select.value = chosen;
}

/** `2026-03-02T10:00:05.000Z` → `2026-03-02 10:00:05` (mock times are UTC). */
export function shortTime(iso) {
  return typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') : '';
}
