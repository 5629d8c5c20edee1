import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** Refuse the next n messages with this reply (451 by default: try again later). */
  refuseNext(n: number, code?: number): void;
  /** How many MAIL FROM commands the peer saw, refused or not. */
  attempts(): number;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export interface SmtpPeerOptions {
  /** Wait this long before accepting each message's sender, as a slow mail server does. */
  mailFromDelayMs?: number;
}

/** A real SMTP server on a free local port that keeps what it receives (and refuses when told to). */
export async function startSmtpPeer({ mailFromDelayMs = 0 }: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        const err = Object.assign(new Error('Try again later'), { responseCode: refusalCode });
        return callback(err);
      }
      if (mailFromDelayMs > 0) setTimeout(() => callback(), mailFromDelayMs);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom;
        received.push({
          from: envelopeFrom ? envelopeFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(raw),
          raw,
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a killed worker) resets its connection: that is not the peer's failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n, code = 451) {
      refusals = n;
      refusalCode = code;
    },
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
