// `npm run bench`: every benchmark in this folder, one after another (they share 2 cores, so never in parallel).
// Each prints its own figures with a baseline measured in the same run. Pass names to run a subset:
//   npm run bench -- domain-throughput api-load
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = ['domain-throughput', 'import-throughput', 'api-load', 'sync-load', 'live-lookup', 'bundle-size', 'lighthouse', 'photo-reencode', 'label-reading', 'server-start', 'search-quality', 'share-card', 'page-read'];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;

let failed = 0;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark '${name}' (known: ${all.join(', ')})`);
    process.exit(2);
  }
  console.log(`\n##### ${name} #####\n`);
  const result = spawnSync('npx', ['tsx', path.join(here, `${name}.ts`)], { stdio: 'inherit', cwd: path.join(here, '..') });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} exited with ${result.status}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
