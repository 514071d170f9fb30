import fs from 'node:fs';

/**
 * The flags `npm start` gives Node when it runs the server (apps/server/package.json's `start` script), so a
 * bench or test that starts a server of its own runs it as deployed (ADR 030: V8's heap sized for a server).
 */
export const SERVER_NODE_FLAGS: readonly string[] = (
  JSON.parse(fs.readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
