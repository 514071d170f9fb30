/**
 * A background job that never runs twice at once (the product pages' load, the search index's build, the Open Food
 * Facts outbox's sending): asked while it runs, it runs once more when it ends, however often it was asked
 * meanwhile, so a burst of changes costs at most one more run. A run that throws ends the series with its error; a
 * job that must go on after a failure catches its own.
 */
export type RerunningJob = {
  /** Starts the job, or asks the series under way for one more run; settles when the series ends. */
  run(): Promise<void>;
  /** The series under way, or null when the job is idle. */
  running(): Promise<void> | null;
};

export function rerunningJob(job: () => Promise<void>, stopped: () => boolean): RerunningJob {
  let series: Promise<void> | null = null;
  let again = false;
  return {
    run() {
      if (series) {
        again = true;
        return series;
      }
      series = (async () => {
        try {
          do {
            again = false;
            await job();
          } while (again && !stopped());
        } finally {
          series = null;
        }
      })();
      return series;
    },
    running: () => series,
  };
}
