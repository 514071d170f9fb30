import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';

/** Where mail is filed when there is no SMTP server; the retention job and account erasure purge it. */
export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): void;
};

/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise each message is written as an
 * `.eml` file under `outboxDir` (DATA_DIR/outbox), so `npm start` needs no mail server. The log names the
 * file or the recipient's domain, never the message body (it holds sign-in codes).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Logger<'info'>;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      const info = (await transport.sendMail({ from, ...mail })) as { message?: Buffer; messageId?: string };
      if (smtpUrl) {
        log.info({ toDomain: mail.to.split('@')[1] ?? '' }, 'correo enviado por SMTP');
        return;
      }
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}.eml`,
      );
      await fs.writeFile(file, info.message ?? '', { mode: 0o600 });
      log.info({ file }, 'correo guardado en la bandeja de salida (sin SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
