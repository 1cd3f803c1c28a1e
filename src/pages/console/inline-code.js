/**
 * A catalogue text with markdown code spans (`` `POST /v1/products` ``) as text and `<code>` elements: never parsed
 * as HTML, so nothing in it becomes markup but the code spans themselves.
 */
import { breakable, el } from './dom.js';

/** `a \`b\` c` → ['a ', <code>b</code>, ' c']. An unpaired backtick stays as it is. */
export function withCode(text) {
  const parts = String(text ?? '').split('`');
  if (parts.length % 2 === 0) return [String(text ?? '')];
  return parts.map((part, index) => (index % 2 === 1 ? el('code', {}, breakable(part)) : part)).filter((part) => part !== '');
}
