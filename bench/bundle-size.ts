// Initial JavaScript a phone downloads for the home route, gzipped, against the 150 KB budget, and against
// a baseline built in the same run: an empty React 19 page with the same Vite and plugin (the floor we pay
// for React itself). Also checks that the admin and scanner code are not in the initial load, and counts the
// service worker's registration (workbox-window, loaded after the page's load event) against the budget too.
//   npx tsx bench/bundle-size.ts [--no-build]
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as Vite from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const BUDGET_KB = 150;

// Vite and its React plugin are the web app's dependencies: load them exactly as the web build does.
const fromWeb = createRequire(path.join(webDir, 'package.json'));
const load = async <T>(id: string) => (await import(pathToFileURL(fromWeb.resolve(id)).href)) as T;
const { build } = await load<typeof Vite>('vite');
const { default: react } = await load<{ default: () => unknown }>('@vitejs/plugin-react');

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

/** Scripts and modulepreloads in index.html, plus everything they import statically (transitively). */
async function initialScripts(dist: string): Promise<string[]> {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await fs.readFile(path.join(dist, file), 'utf8');
    // Static imports only (`import … from "./x.js"` / `import "./x.js"`); dynamic import() chunks are lazy.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"();]*?\sfrom\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  }
  return [...seen];
}

async function measure(dist: string) {
  const files = await initialScripts(dist);
  let total = 0;
  for (const f of files) total += gz(await fs.readFile(path.join(dist, f)));
  return { files, total };
}

async function baseline(): Promise<number> {
  // Inside the web app so it resolves the same react and react-dom.
  const dir = await fs.mkdtemp(path.join(webDir, '.bench-baseline-'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/main.tsx"></script>');
  await fs.writeFile(
    path.join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<p>hola</p>);\n",
  );
  await build({ root: dir, logLevel: 'silent', plugins: [react() as never], build: { outDir: path.join(dir, 'dist') } });
  const { total } = await measure(path.join(dir, 'dist'));
  await fs.rm(dir, { recursive: true, force: true });
  return total;
}

if (!process.argv.includes('--no-build')) {
  await build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
}
const dist = path.join(webDir, 'dist');
const app = await measure(dist);
const floor = await baseline();
const allJs = (await fs.readdir(path.join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
let allTotal = 0;
for (const f of allJs) allTotal += gz(await fs.readFile(path.join(dist, 'assets', f)));
const initialNames = app.files.map((f) => path.basename(f));
// The registration runs after `load` (src/lib/service-worker.ts), outside the critical path, but it is still
// JavaScript every visit downloads: it counts. The worker itself (sw.js, workbox-*.js) runs in its own thread.
const registrationFile = allJs.find((f) => f.startsWith('workbox-window'));
const registration = registrationFile ? gz(await fs.readFile(path.join(dist, 'assets', registrationFile))) : 0;
const workerFiles = (await fs.readdir(dist)).filter((f) => /^(sw|workbox-[\w-]+)\.js$/.test(f));
let worker = 0;
for (const f of workerFiles) worker += gz(await fs.readFile(path.join(dist, f)));
const withRegistration = app.total + registration;
const leaked = initialNames.filter((f) => /admin|data-lake|scanner|barcode|zxing/i.test(f));

console.log('bundle size (gzip -9), home route');
console.log(`  initial JS (home):        ${kb(app.total)} KB in ${app.files.length} files (budget ${BUDGET_KB} KB → ${((app.total / 1024 / BUDGET_KB) * 100).toFixed(0)} % of budget)`);
console.log(`  baseline (empty React):   ${kb(floor)} KB  → home is ${(app.total / floor).toFixed(2)}× the React floor`);
console.log(`  all JS chunks:            ${kb(allTotal)} KB in ${allJs.length} files (${((app.total / allTotal) * 100).toFixed(0)} % loaded up front)`);
console.log(`  + SW registration (after load): ${kb(registration)} KB (${registrationFile ?? 'none'}) → ${kb(withRegistration)} KB (${((withRegistration / 1024 / BUDGET_KB) * 100).toFixed(0)} % of budget)`);
console.log(`  service worker (own thread): ${kb(worker)} KB in ${workerFiles.join(', ') || 'none'}`);
console.log(`  initial files: ${initialNames.join(', ')}`);
console.log(`  admin/scanner code in the initial load: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`);
if (withRegistration / 1024 > BUDGET_KB || leaked.length > 0 || !registrationFile) process.exitCode = 1;
