import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';

export interface OutgoingMail {
  /** The outbox row's id: the raw file's name and the Message-ID's local part, the same on every attempt. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** Files sent with the message (a supplier order's PDF). */
  attachments?: readonly { filename: string; content: Buffer; contentType: string }[];
}

export interface Delivered {
  delivery: 'outbox' | 'smtp';
  messageId: string;
}

/** Where the raw messages of the embedded outbox are kept: `${dataDir}/outbox/<id>.eml`. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

// Short enough that a dead server fails the attempt well before the job's expiry; the retry comes later.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Sends one message with nodemailer. SMTP_URL set: to that server (a new connection per message:
 * notification mail is rare and a pool would outlive the jobs). Unset: nodemailer builds the same
 * RFC 822 message and it is written to `${dataDir}/outbox/<id>.eml` (a temporary name first, so a
 * reader never sees half a file); nothing leaves the machine.
 */
export async function deliver(config: Pick<ServerConfig, 'dataDir' | 'publicUrl' | 'mail'>, mail: OutgoingMail): Promise<Delivered> {
  const messageId = `<${mail.id}@${new URL(config.publicUrl).hostname}>`;
  const message = {
    from: config.mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId,
    headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
    ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
  };
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS });
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    return { delivery: 'smtp', messageId };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(message);
  const dir = outboxDir(config.dataDir);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${mail.id}.eml`);
  await fs.writeFile(`${file}.tmp`, info.message as Buffer);
  await fs.rename(`${file}.tmp`, file);
  return { delivery: 'outbox', messageId };
}
