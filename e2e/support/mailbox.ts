import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect } from '@playwright/test';

import { loginCodeIn } from '../../apps/server/test/local-smtp.ts';

/** Where the e2e server's SMTP server files the messages it receives (apps/server/src/cli/e2e-server.ts). */
const MAILBOX = process.env.E2E_MAILBOX ?? fileURLToPath(new URL('../.mailbox', import.meta.url));

/** Messages to this address so far, oldest first. */
export const mailsTo = async (email: string): Promise<string[]> => {
  const files = (await fs.readdir(MAILBOX).catch(() => [])).filter((f) =>
    f.endsWith(`-${email.toLowerCase()}.eml`),
  );
  files.sort();
  return Promise.all(files.map((f) => fs.readFile(path.join(MAILBOX, f), 'utf8')));
};

/**
 * The sign-in code of the first message to `email` after `before` messages (count them before asking for a
 * code), waiting for it to arrive.
 */
export const nextLoginCode = async (email: string, before: number): Promise<string> => {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email))[before];
      code = mail ? loginCodeIn(mail) : null;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
};
