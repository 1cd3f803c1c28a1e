/**
 * A stopped verify run closes its state server, then gives the mock its saved state back: closing waits for a setup
 * still under way (or it would land on the mock after the restore and undo it), and a setup that arrives once closing
 * began is refused without touching the mock.
 */
import { describe, expect, it } from 'vitest';
import type { StateSession, StateSessions } from '../../src/provider-states/state-session.ts';
import { startStateServer } from '../../src/provider-states/state-server.ts';

/** Sessions whose `current()` waits for the test to let it go, counting what reached the mock. */
function gatedSessions() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reached: string[] = [];
  const sessions: StateSessions = {
    async current() {
      reached.push('current');
      await gate;
      reached.push('current done');
      return { shared: () => ({}) } as unknown as StateSession;
    },
    async end() {
      reached.push('end');
    },
  };
  return { sessions, reached, release };
}

describe('the state server, closed during a setup', () => {
  it('close() resolves only after the setup under way has finished; a later setup is refused (503), nothing reached', async () => {
    const { sessions, reached, release } = gatedSessions();
    const server = await startStateServer(sessions);
    const setup = fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'setup' }) }).catch(() => undefined);
    while (!reached.includes('current')) await new Promise((resolve) => setTimeout(resolve, 5));
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(reached).toEqual(['current', 'current done']);
    await setup;
  });

  it('a setup sent after close() began never reaches the sessions', async () => {
    const { sessions, reached, release } = gatedSessions();
    release();
    const server = await startStateServer(sessions);
    const url = server.url;
    await server.close();
    const late = await fetch(url, { method: 'POST', body: JSON.stringify({ action: 'setup' }) }).then((answer) => answer.status, () => 'refused');
    expect(late === 503 || late === 'refused').toBe(true);
    expect(reached).toEqual([]);
  });
});
