/**
 * `--override field=value`: edits a fixture's request body before it is sent. `field` is a dotted path
 * (`customer.name`, `items.0.price`); `value` is read as JSON when it is JSON (`900`, `true`, `{"a":1}`), else as
 * text. Paths naming an object's prototype are refused.
 */
const FORBIDDEN: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

export type OverrideOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; problem: string };

export function applyOverrides(body: Record<string, unknown>, overrides: readonly string[]): OverrideOutcome {
  const result = structuredClone(body);
  for (const override of overrides) {
    const equals = override.indexOf('=');
    const path = equals > 0 ? override.slice(0, equals).split('.') : [];
    if (path.length === 0 || path.some((key) => key === '')) return { ok: false, problem: `--override ${override}: expected field=value (e.g. customer.name=Ana)` };
    if (path.some((key) => FORBIDDEN.has(key))) return { ok: false, problem: `--override ${override}: a field may not be named ${path.find((key) => FORBIDDEN.has(key))}` };
    let target: Record<string, unknown> = result;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      if (typeof next !== 'object' || next === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = valueOf(override.slice(equals + 1));
  }
  return { ok: true, body: result };
}

function valueOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
