/**
 * The API clients the mock knows, in memory: the configured ones at start (and after a reset), plus those an
 * admin creates while it runs. An admin can deactivate a client at any time, so `CLIENT_INATIVO` is
 * reproducible on a bearer call; the state travels with exports and snapshots.
 */
export interface ClientEntry {
  clientId: string;
  clientSecret: string;
  active: boolean;
  name?: string | undefined;
}

export interface ClientRegistry {
  find(clientId: string): Readonly<ClientEntry> | undefined;
  isActive(clientId: string): boolean;
  list(): ReadonlyArray<Readonly<ClientEntry>>;
  /** Adds a client; false when the id is taken. */
  add(entry: ClientEntry): boolean;
  /** The client after the change, or undefined when unknown. */
  setActive(clientId: string, active: boolean): Readonly<ClientEntry> | undefined;
  /** Back to the configured clients. */
  reset(): void;
  /** Replaces every client (state import, snapshot restore). */
  replace(entries: readonly ClientEntry[]): void;
}

export function createClientRegistry(configured: readonly ClientEntry[]): ClientRegistry {
  const clients = new Map<string, ClientEntry>();
  const replace = (entries: readonly ClientEntry[]) => {
    clients.clear();
    for (const entry of entries) clients.set(entry.clientId, { ...entry });
  };
  replace(configured);
  return {
    find: (clientId) => clients.get(clientId),
    isActive: (clientId) => clients.get(clientId)?.active === true,
    list: () => [...clients.values()],
    add(entry) {
      if (clients.has(entry.clientId)) return false;
      clients.set(entry.clientId, { ...entry });
      return true;
    },
    setActive(clientId, active) {
      const client = clients.get(clientId);
      if (!client) return undefined;
      client.active = active;
      return client;
    },
    reset: () => replace(configured),
    replace,
  };
}
