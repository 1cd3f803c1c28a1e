/** Pages are served one way: src/pages/page-serving.ts writes every page's answer and builds every page's policy. */
import { describe, expect, it } from 'vitest';
import { sourceModules } from '../support/source-modules.ts';

const SERVER = 'pages/page-serving.ts';

describe('page serving', () => {
  const modules = sourceModules();
  const using = (pattern: RegExp) => modules.filter(({ text }) => pattern.test(text)).map(({ module }) => module);

  it('no other module sets a Content-Security-Policy', () => {
    expect(using(/['"`]Content-Security-Policy['"`]/i)).toEqual([SERVER]);
  });

  it('no other module serves files (express.static, sendFile)', () => {
    expect(using(/\.static\(|\bserveStatic\b|sendFile\(/)).toEqual([SERVER]);
  });

  it('every page module under src/pages/ is mounted through it', () => {
    const writers = modules.filter(({ module }) => module.startsWith('pages/') && module !== SERVER).filter(({ text }) => /\bres\.(end|send|json|redirect|writeHead)\(/.test(text));
    expect(writers.map(({ module }) => module)).toEqual([]);
  });
});
