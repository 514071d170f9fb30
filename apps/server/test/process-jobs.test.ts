import { describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind } from './helpers.ts';

/**
 * The server process's own jobs (services.ts `startJobs`, which main.ts calls once it listens): an app built
 * for tests runs none of them, `startJobs` starts each, and closing the app (`stop`) ends them.
 */
describe(`the server process's jobs (${testDatabaseKind})`, () => {
  it('start with startJobs, not with the app: retention, the schedule, and a re-score only when the seed changed the additive catalogue', async () => {
    const quiet = await buildTestApp();
    const started = await buildTestApp();
    try {
      await quiet.app.services.startJobs({ additivesChanged: false });
      expect(quiet.app.services.retention.isActive()).toBe(true);
      expect(quiet.app.services.rescore.status().startedAt).toBeNull();

      expect(started.app.services.retention.isActive()).toBe(false);
      expect((await started.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual([]);
      await started.app.services.startJobs({ additivesChanged: true });
      expect(started.app.services.retention.isActive()).toBe(true);
      expect(started.app.services.rescore.status().startedAt).not.toBeNull();
      await started.app.services.rescore.idle();
      // The schedule's first step ran: the taxonomy is written before any product arrives.
      const categories = await started.app.inject({ method: 'GET', url: '/api/categories' });
      expect(categories.statusCode).toBe(200);
      expect(categories.json<unknown[]>().length).toBeGreaterThan(0);
    } finally {
      await quiet.close();
      await started.close();
    }
    expect(quiet.app.services.retention.isActive()).toBe(false);
    expect(started.app.services.retention.isActive()).toBe(false);
  });
});
