import type { Db } from '../../db/client.js';
import * as repo from './repo.js';

export interface MailMessage {
  /** Whose mail it is: the account exports it and takes it along when deleted, whatever the address. */
  userId: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers such as List-Unsubscribe; names and values are single lines. */
  headers?: Record<string, string>;
  /** Time-bound mail (a verification code) goes out before everything else queued. */
  urgent?: boolean;
}

const LINE_BREAK = /[\r\n]/;
const URGENT = 0;
const NORMAL = 1;

/**
 * Queues one mail in the caller's transaction: it is sent (by the worker) only if that transaction
 * commits, and a slow or absent mail server never holds the request up.
 */
export async function enqueueMail(tx: Db, message: MailMessage): Promise<{ id: number }> {
  const headers = message.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (LINE_BREAK.test(name) || LINE_BREAK.test(value)) throw new Error(`Mail header ${name} spans lines`);
  }
  if (LINE_BREAK.test(message.to) || LINE_BREAK.test(message.subject)) {
    throw new Error('Mail recipient and subject must be single lines');
  }
  const row = await repo.insertMail(tx, {
    userId: message.userId,
    priority: message.urgent ? URGENT : NORMAL,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers,
  });
  return { id: row.id };
}
