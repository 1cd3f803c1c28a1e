import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/domain/loopback-host.ts';

/** Every spelling the resolver (getaddrinfo, as `net` and `--host` use it) reads as a loopback address. */
const LOOPBACK = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '127.255.255.254',
  '2130706433',
  '0x7f.1',
  '0177.0.0.1',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  'localhost',
  'LOCALHOST',
];

const NOT_LOOPBACK = [
  '0.0.0.0',
  '::',
  '128.0.0.1',
  '10.0.0.1',
  '192.168.1.127',
  '127.0.0.1.example.com',
  'localhost.example.com',
  'example.com',
  '::2',
  '::ffff:10.0.0.1',
  '127.0.0.1:80',
  'user@127.0.0.1',
  '127.0.0.1/x',
  '',
  '256.0.0.1',
  // Names a bind never needs, which a Host header has no reason to carry: only the webhook guard reads them wider.
  'localhost.',
  'app.localhost',
];

describe('isLoopback', () => {
  it.each(LOOPBACK)('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });

  it.each(NOT_LOOPBACK)('%s is not loopback', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});
