import { describe, expect, it } from 'vitest';
import { rerunningJob } from './rerunning-job.ts';

/** A job whose runs wait until released, one at a time, counting how many started and how many ran at once. */
function gatedJob(fail: (run: number) => boolean = () => false) {
  const releases: (() => void)[] = [];
  const state = { started: 0, atOnce: 0, mostAtOnce: 0 };
  const job = async () => {
    state.started += 1;
    state.atOnce += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.atOnce);
    const run = state.started;
    await new Promise<void>((resolve) => releases.push(resolve));
    state.atOnce -= 1;
    if (fail(run)) throw new Error(`run ${run} failed`);
  };
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((r) => setImmediate(r));
    releases.shift()!();
  };
  return { job, state, releaseNext };
}

describe('rerunningJob', () => {
  it('asked five times while it runs, it runs once more, never two at once, and every ask settles with the series', async () => {
    const { job, state, releaseNext } = gatedJob();
    const jobs = rerunningJob(job, () => false);
    const first = jobs.run();
    const asks = Array.from({ length: 5 }, () => jobs.run());
    expect(asks.every((ask) => ask === first)).toBe(true);
    await releaseNext();
    await releaseNext();
    await first;
    expect(state).toMatchObject({ started: 2, mostAtOnce: 1 });
    expect(jobs.running()).toBeNull();
  });

  it('runs again from idle, and an ask after the series ended starts a new one', async () => {
    const { job, state, releaseNext } = gatedJob();
    const jobs = rerunningJob(job, () => false);
    const first = jobs.run();
    expect(jobs.running()).toBe(first);
    await releaseNext();
    await first;
    const second = jobs.run();
    expect(second).not.toBe(first);
    await releaseNext();
    await second;
    expect(state.started).toBe(2);
  });

  it('a run that throws ends the series with its error, even when asked again', async () => {
    const { job, state, releaseNext } = gatedJob((run) => run === 1);
    const jobs = rerunningJob(job, () => false);
    const series = jobs.run();
    void jobs.run();
    await releaseNext();
    await expect(series).rejects.toThrow('run 1 failed');
    expect(state.started).toBe(1);
    expect(jobs.running()).toBeNull();
  });

  it('once stopped, an ask for one more run is dropped', async () => {
    let stopped = false;
    const { job, state, releaseNext } = gatedJob();
    const jobs = rerunningJob(job, () => stopped);
    const series = jobs.run();
    void jobs.run();
    stopped = true;
    await releaseNext();
    await series;
    expect(state.started).toBe(1);
  });
});
