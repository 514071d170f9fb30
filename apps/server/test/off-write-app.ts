import { OFF_WRITE_ACCOUNT, startFakeOffWrite, type FakeOffWriteOptions } from './fake-off-write.ts';
import { buildTestApp } from './helpers.ts';

/**
 * An app whose approved contributions go to a fresh OFF write stand-in (600 writes a minute, the daily
 * contribution limits out of the way); `env` adds or overrides settings, `options` the stand-in's behaviour.
 */
export async function startAppWithOffWrite(env: Record<string, string> = {}, options: Partial<FakeOffWriteOptions> = {}) {
  const off = await startFakeOffWrite({ ...OFF_WRITE_ACCOUNT, ...options });
  const t = await buildTestApp({
    OFF_WRITE_USER: OFF_WRITE_ACCOUNT.user,
    OFF_WRITE_PASSWORD: OFF_WRITE_ACCOUNT.password,
    OFF_WRITE_URL: off.url,
    OFF_WRITE_PER_MINUTE: '600',
    CONTRIBUTIONS_PER_USER_PER_DAY: '1000',
    CONTRIBUTIONS_PER_IP_PER_DAY: '1000',
    ...env,
  });
  return { off, t };
}
