/**
 * The API clients the mock knows, in memory: the configured ones at start (and after a reset), plus those an
 * admin creates while it runs. An admin can deactivate a client at any time, so `CLIENT_INATIVO` is
 * reproducible on a bearer call; the state travels with exports and snapshots. Each client's secret is checked
 * against its hash (secret-hash.ts); the secret itself is known in memory only (from the configuration, or since
 * an admin created the client in this process) and is never what gets written down.
 */
import { hashSecret, secretMatches } from './secret-hash.ts';

export interface ClientEntry {
  clientId: string;
  /** Known in memory only: the configured secret, or the one an admin gave this process. */
  clientSecret?: string | undefined;
  secretHash: string;
  active: boolean;
  name?: string | undefined;
}

/** A client as configured, created or imported: with its secret, its hash, or both. */
export type ClientInput = Omit<ClientEntry, 'secretHash'> & { secretHash?: string | undefined };

export interface ClientRegistry {
  find(clientId: string): Readonly<ClientEntry> | undefined;
  isActive(clientId: string): boolean;
  /** Whether `secret` is this client's (false for an unknown client, in the same time). */
  secretMatches(clientId: string, secret: string): boolean;
  list(): ReadonlyArray<Readonly<ClientEntry>>;
  /** Adds a client; false when the id is taken. */
  add(entry: ClientInput): boolean;
  /** Removes a client (a tenant deleted); false when unknown. */
  remove(clientId: string): boolean;
  /** The client after the change, or undefined when unknown. */
  setActive(clientId: string, active: boolean): Readonly<ClientEntry> | undefined;
  /** Back to the configured clients. */
  reset(): void;
  /** Replaces every client (state import, snapshot restore, a restart's saved clients). */
  replace(entries: readonly ClientInput[]): void;
}

/** Compared with for an unknown client, so timing does not reveal which ids exist. */
const NO_CLIENT = hashSecret('\u0000unknown-client');

export function createClientRegistry(configured: readonly ClientInput[]): ClientRegistry {
  const configuredEntries = configured.map((entry) => withHash(entry));
  const clients = new Map<string, ClientEntry>();
  /** A client saved without its secret gets it back from the configuration when the hash says it is the same. */
  const complete = (entry: ClientInput): ClientEntry => {
    const known = withHash(entry);
    if (known.clientSecret !== undefined) return known;
    const secret = configuredEntries.find((candidate) => candidate.clientId === entry.clientId)?.clientSecret;
    return secret !== undefined && secretMatches(secret, known.secretHash) ? { ...known, clientSecret: secret } : known;
  };
  const replace = (entries: readonly ClientInput[]) => {
    clients.clear();
    for (const entry of entries) clients.set(entry.clientId, complete(entry));
  };
  replace(configuredEntries);
  return {
    find: (clientId) => clients.get(clientId),
    isActive: (clientId) => clients.get(clientId)?.active === true,
    secretMatches: (clientId, secret) => secretMatches(secret, clients.get(clientId)?.secretHash ?? NO_CLIENT) && clients.has(clientId),
    list: () => [...clients.values()],
    add(entry) {
      if (clients.has(entry.clientId)) return false;
      clients.set(entry.clientId, complete(entry));
      return true;
    },
    remove: (clientId) => clients.delete(clientId),
    setActive(clientId, active) {
      const client = clients.get(clientId);
      if (!client) return undefined;
      client.active = active;
      return client;
    },
    reset: () => replace(configuredEntries),
    replace,
  };
}

function withHash(entry: ClientInput): ClientEntry {
  const secretHash = entry.secretHash ?? hashSecret(entry.clientSecret ?? '');
  return { ...entry, secretHash };
}
