/** What the panels share: the selected client, the last clock reading, messages, and a way to refresh them all. */
import { admin } from './api.js';
import { byTestId } from './dom.js';

export function createContext() {
  const clientListeners = [];
  const ctx = {
    admin,
    /** The clients as GET /clients last listed them. */
    clients: [],
    clientId: '',
    clock: { nowMs: Number.NaN, frozen: true, readAtMs: 0 },
    setClock(data) {
      ctx.clock = { nowMs: Date.parse(data.now), frozen: data.frozen, readAtMs: Date.now() };
    },
    /** The mock's time now: the last reading, moved on by real time when the clock runs. */
    mockNowMs() {
      return ctx.clock.frozen ? ctx.clock.nowMs : ctx.clock.nowMs + (Date.now() - ctx.clock.readAtMs);
    },
    selectClient(clientId) {
      if (clientId === ctx.clientId) return;
      ctx.clientId = clientId;
      for (const listener of clientListeners) listener(clientId);
    },
    onClientChange(listener) {
      clientListeners.push(listener);
    },
    notify(text, kind = 'info') {
      const message = byTestId('message');
      message.textContent = text;
      message.dataset.kind = kind;
      // Counts messages, so a reader (a person, a test) can tell a new one from the same text said again.
      message.dataset.seq = String(Number(message.dataset.seq ?? 0) + 1);
    },
    /** Runs one user action: its outcome in the message line, then every panel refreshed. */
    async act(label, action) {
      try {
        const result = await action();
        ctx.notify(typeof result === 'string' ? `${label}: ${result}` : label);
      } catch (error) {
        ctx.notify(`${label} failed: ${error.message}`, 'error');
      }
      await ctx.refresh();
    },
    /** Replaced by console.js once the panels exist. */
    refresh: async () => {},
    /** The view shown and its address's parameters; navigation.js keeps it and replaces the three below. */
    route: { view: 'overview', params: new URLSearchParams() },
    remember: () => {},
    navigate: () => {},
    storyLink: (id) => `#/orders/${encodeURIComponent(id)}`,
  };
  return ctx;
}

/** `on('clock-freeze', handler)`: a click on the element with that test id. */
export function on(testid, handler) {
  byTestId(testid).addEventListener('click', (event) => {
    event.preventDefault();
    void handler(event);
  });
}

/** A form's submit (Enter or its button), after the browser checked its fields. */
export function onSubmit(testid, handler) {
  byTestId(testid).addEventListener('submit', (event) => {
    event.preventDefault();
    void handler(event);
  });
}
