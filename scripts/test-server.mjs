// Runs the server suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const runs = [{ label: 'PGlite', env: { ...process.env, TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ label: 'PostgreSQL', env: process.env });
else console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');

for (const run of runs) {
  console.log(`\n=== server suite on ${run.label} ===\n`);
  const env = { ...run.env };
  if (!env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
