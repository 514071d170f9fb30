// `npm run typecheck`: every TypeScript project of the workspace, each with its own settings (DOM for web,
// Node for server and tools, nothing for domain).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const projects = [
  'packages/domain/tsconfig.json',
  'packages/domain/tsconfig.scripts.json',
  'packages/contracts/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
].filter((p) => fs.existsSync(p));

let failed = false;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${project} (${Date.now() - started} ms)`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
