import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.ts';
import { createTestDatabase, testEnv } from '../../test/helpers.ts';
import { maskEmails, truncateIp } from './request-log.ts';

describe('request logs hold no IP address or email in clear', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['::1', '::/48'],
    ['not-an-ip', ''],
    ['', ''],
  ])('%s is logged as %s', (ip, logged) => {
    expect(truncateIp(ip)).toBe(logged);
  });

  it.each([
    ['/api/v1/search?q=ana.perez@example.cl', '/api/v1/search?q=[email]'],
    ['/api/v1/search?q=ana%40example.cl&page=2', '/api/v1/search?q=[email]&page=2'],
    ['/api/products/12', '/api/products/12'],
  ])('%s is logged as %s', (url, logged) => {
    expect(maskEmails(url)).toBe(logged);
  });

  it('a real request through the app logs the truncated address and the masked email, nothing more', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const env = testEnv({ LOG_LEVEL: 'info' });
    const app = await buildApp({ database, env }, { logger: { ...loggerOptions(env), stream } });
    try {
      await app.inject({ url: '/api/v1/search?q=ana.perez@example.cl', remoteAddress: '203.0.113.77' });
      await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.78',
        payload: { firstName: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.cl', message: 'hola' },
      });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('"remoteAddress":"203.0.113.0/24"');
    expect(log).toContain('q=[email]');
    expect(log).not.toMatch(/203\.0\.113\.7[78]/);
    expect(log).not.toContain('ana.perez');
  });
});
