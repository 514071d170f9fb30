import crypto from 'node:crypto';

/**
 * Seals a sign-in code so the server can send the same code again while it is live (issue 33): AES-256-GCM under a
 * key derived from COOKIE_SECRET (the secret every process shares). Without COOKIE_SECRET the key is this
 * process's own, so after a restart, or from another process, a sealed code cannot be opened and a new code is
 * sent instead, as before. The database alone (a dump, a backup) cannot give a code.
 */
export function createCodeSeal(secret: string | undefined) {
  const key = crypto.createHash('sha256').update(`login-code-seal:${secret ?? crypto.randomBytes(32).toString('hex')}`).digest();
  return {
    seal(code: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    /** The code, or null when it was sealed under another key or is damaged. */
    open(sealed: string | null): string | null {
      if (!sealed) return null;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
