import fs from 'node:fs/promises';
import path from 'node:path';

/** Every email address written anywhere in a message (headers or body), lower-cased. */
const ADDRESS = /[^\s<>"'(),;:@[\]]+@[^\s<>"'(),;:@[\]]+\.[^\s<>"'(),;:@[\]]+/g;
const addressesIn = (text: string) => (text.match(ADDRESS) ?? []).map((a) => a.toLowerCase());

/**
 * Deletes `.eml` files from the outbox (DATA_DIR/outbox, where mail goes without SMTP_URL): those older than
 * `olderThan`, or those with an address anywhere in them for which `naming` holds (an erasure knows its person by
 * a digest of the email, not the email). Returns how many went. A missing outbox is an empty one.
 */
export async function purgeOutbox(
  outboxDir: string,
  which: { olderThan: Date } | { naming: (address: string) => boolean },
): Promise<number> {
  const names = await fs.readdir(outboxDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const doomed = async () =>
      'olderThan' in which
        ? (await fs.stat(file)).mtime < which.olderThan
        : addressesIn(await fs.readFile(file, 'utf8')).some(which.naming);
    // A file another purge removed meanwhile is simply gone.
    if (!(await doomed().catch(() => false))) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
