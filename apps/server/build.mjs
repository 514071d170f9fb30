// `npm run build -w apps/server`: the server as JavaScript for `npm start` (ADR 023). esbuild bundles the entry
// and the OCR process's file with our own TypeScript (src/, and the workspace packages domain and contracts, which
// export .ts sources) into dist/, with source maps; every npm package stays an import, resolved from node_modules
// at run time as from source (native addons, WebAssembly and data files load from their own folders).
// `npm run dev` and the tests run the same sources through tsx, unbuilt.
import * as esbuild from 'esbuild';

const started = performance.now();
const result = await esbuild.build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', 'ocr-process': 'src/modules/label-reading/ocr-process.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(build) {
        // A bare import (not ./ or /) of anything but our workspace packages is left to Node.
        build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@etiqueta/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
const files = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const sizes = files.map(([file, out]) => `${file} ${(out.bytes / 1024).toFixed(0)} KB`).join(', ');
console.log(`server built in ${Math.round(performance.now() - started)} ms: ${sizes}`);
