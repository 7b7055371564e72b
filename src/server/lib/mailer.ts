import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { onDemand } from './on-demand.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header fields of its own, beyond From, To and Subject (a reminder's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the log: "smtp://host:port", a folder, or "memory". */
  readonly target: string;
  /** With the in-memory outbox (tests with DATA_DIR=memory://): the raw messages sent, oldest first. */
  readonly sent: Mail[];
  close(): void;
}

/**
 * Outgoing mail: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox, where a developer can open it (or kept in memory for an in-memory store).
 */
export function createMailer(config: Config): Mailer {
  const from = config.mail.from;
  const sent: Mail[] = [];
  // nodemailer loads with the first message (lib/on-demand.ts).
  let made: Transporter | undefined;
  const transporter = (options: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    onDemand(async () => {
      made = (await import('nodemailer')).default.createTransport(options);
      return made;
    });
  const close = () => made?.close();
  if (config.mail.smtpUrl) {
    // A mail server that accepts and then says nothing fails the attempt instead of holding it for
    // minutes (nodemailer's defaults); the outbox retries it later.
    const transport = transporter({
      url: config.mail.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    const url = new URL(config.mail.smtpUrl);
    return {
      target: `${url.protocol}//${url.host}`,
      sent,
      send: async (m) => {
        await (await transport()).sendMail({ from, ...m });
      },
      close,
    };
  }
  if (config.dataDir === 'memory://') {
    return { target: 'memory', sent, send: async (m) => void sent.push(m), close: () => {} };
  }
  const dir = path.join(config.dataDir, 'outbox');
  const transport = transporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: dir,
    sent,
    send: async (m) => {
      const info = await (await transport()).sendMail({ from, ...m });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer);
    },
    close,
  };
}
