import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folders the server reads at run time, found from this module's own place. It sits one folder below
 * `apps/server` both ways the server runs: as `src/paths.ts` from source (tsx, the tests) and inlined into
 * `dist/main.js` when built (build.mjs), so one computation serves both. Every path the server derives from its
 * own location is here; nothing else reads `import.meta.url` for a folder (the OCR pool finds its process file
 * beside its own module, which is `dist/` when built: build.mjs writes `dist/ocr-process.js` there).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's root (the default DATA_DIR and WEB_DIST are inside it). */
export const repoRoot = path.resolve(serverDir, '../..');
/** Drizzle's migrations (SQL files and journal), applied at every start. */
export const migrationsFolder = path.join(serverDir, 'drizzle');
