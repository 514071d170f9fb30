import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on a loopback port for tests and the e2e server: it accepts every message (no TLS, no
 * auth) and hands each one over whole. Our mailer talks to it exactly as to a provider's server.
 */
export async function startLocalSmtp(onMessage: (mail: ReceivedMail) => void | Promise<void>) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        Promise.resolve(onMessage({ to, raw: Buffer.concat(chunks).toString('utf8') })).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never the reason a test process stays alive.
  server.server.unref();
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in code in a message our mailer sent ("…es: 123456"), or null. */
export function loginCodeIn(raw: string): string | null {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  return /es: (\d{6})/.exec(body)?.[1] ?? null;
}

/** An inbox kept in memory: every message the local server received, newest last. */
export async function startTestMailbox() {
  const messages: ReceivedMail[] = [];
  const smtp = await startLocalSmtp((mail) => {
    messages.push(mail);
  });
  return {
    url: smtp.url,
    messages,
    /** The code of the newest message to this address. */
    lastCode(email: string): string {
      const mail = messages.findLast((m) => m.to.includes(email.toLowerCase()));
      const code = mail ? loginCodeIn(mail.raw) : null;
      if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
      return code;
    },
    close: smtp.close,
  };
}
