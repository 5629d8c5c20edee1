import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** Where the worker hands mail over. It throws when the mail was not accepted. */
export interface MailTransport {
  /** 'outbox': nothing leaves the machine, the outbox table is where mail is read (/dev-mail). */
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The SMTP server of SMTP_URL; short timeouts so a hung server only delays the next batch. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // One connection kept for mail after mail: a new one per message (TCP, greeting, EHLO) took ~100 ms.
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        headers: mail.headers,
      });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL mail counts as delivered once it is in the outbox table. */
export function outboxTransport(): MailTransport {
  return { kind: 'outbox', send: async () => {}, close: () => {} };
}

/**
 * True when the server refused for good (5xx reply): trying again would get the same answer. Temporary
 * refusals (4xx) and network failures are worth another attempt.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
