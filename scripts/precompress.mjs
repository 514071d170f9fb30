// Writes .br and .gz beside every compressible file of a build, so the server can send compressed bytes
// without compressing on each request (@fastify/static `preCompressed`). Phones on slow 4G feel the difference.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|wasm|txt|webmanifest|map)$/;
let files = 0;
let before = 0;
let after = 0;

for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const raw = fs.readFileSync(file);
  if (raw.length < 1024) continue;
  const br = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  files += 1;
  before += raw.length;
  after += br.length;
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
