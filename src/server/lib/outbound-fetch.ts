import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';

/**
 * The one way out to job postings and ATS APIs (docs/decisions/032-job-postings.md). A user typed the URL,
 * so the server must not become their proxy into its own network: only http(s), only default ports, only
 * public unicast addresses (the literal host, and every DNS answer checked at connect time, so a
 * rebinding answer is caught), every redirect checked the same way, 5 s in all, 2 MB, text and JSON.
 */
export interface OutboundFetchOptions {
  /**
   * `off` (`JOB_FETCH=off`): nothing leaves, every fetch fails with `off`. `allowed`: only the allowed
   * hosts are reached (tests and closed intranets), everything else is refused.
   */
  mode: 'on' | 'off' | 'allowed';
  /** `host:port` pairs let through although private or on another port (tests, intranets). */
  allowedHosts: readonly string[];
  /** Names the product and where it lives, so a site owner knows who is asking. */
  userAgent: string;
  /** Tests stub the resolver; `dns.lookup` otherwise. */
  lookup?: typeof dns.lookup;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type OutboundFailure =
  'off' | 'refused' | 'timeout' | 'too-large' | 'content-type' | 'too-many-redirects' | 'network';

export type OutboundResult =
  | { kind: 'response'; status: number; url: string; contentType: string; body: string }
  | { kind: 'failed'; reason: OutboundFailure };

export interface OutboundFetch {
  (url: string, init?: { accept?: string }): Promise<OutboundResult>;
  /** Ends the kept-alive connections (the app's onClose). */
  close: () => Promise<void>;
}

export const OUTBOUND_TIMEOUT_MS = 5000;
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };
const READABLE_TYPE = /^(text\/[\w.+-]+|application\/([\w.-]+\+)?json)$/;

class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/**
 * An IPv6 address as WHATWG URL and the operating system read it. ipaddr.js reads '::1.2.3.4' as
 * IPv4-mapped (::ffff:102:304); everyone else reads it as IPv4-compatible (::102:304).
 */
function canonical(address: string): string {
  if (!net.isIPv6(address)) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/**
 * True for an address the internet can route to: ipaddr.js names every special range (private, loopback,
 * link-local, unique-local, multicast, unspecified, CGNAT, documentation, NAT64, 6to4, Teredo, …) and calls
 * the rest unicast. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries. An IPv4-compatible
 * one (::/96, deprecated by RFC 4291, which ipaddr.js calls unicast) is refused whatever it carries: a
 * system may still send it to that IPv4 address, and no posting is served from one (issue 46).
 */
export function isPublicAddress(address: string): boolean {
  const spelt = canonical(address);
  if (!ipaddr.isValid(spelt)) return false;
  const parsed = ipaddr.process(spelt);
  if (parsed instanceof ipaddr.IPv6 && parsed.parts.slice(0, 6).every((part) => part === 0)) {
    return false;
  }
  return parsed.range() === 'unicast';
}

function bare(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** `host:port` as the allow-list spells it; IPv6 without brackets, names in lower case. */
function hostKey(hostname: string, port: number): string {
  return `${bare(hostname)}:${port}`;
}

export function normalizeAllowedHost(entry: string): string | undefined {
  try {
    const url = new URL(`http://${entry.trim()}`);
    if (!url.port || url.pathname !== '/' || url.username || url.search) return undefined;
    return hostKey(url.hostname, Number(url.port));
  } catch {
    return undefined;
  }
}

/** Checks the URL itself: scheme, port, and a literal address. Names are checked when they resolve. */
function checkUrl(url: URL, allowed: ReadonlySet<string>, onlyAllowed: boolean): boolean {
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined || url.username || url.password) return false;
  const port = url.port ? Number(url.port) : defaultPort;
  if (allowed.has(hostKey(url.hostname, port))) return true;
  if (onlyAllowed || port !== defaultPort) return false;
  const host = bare(url.hostname);
  return net.isIP(host) ? isPublicAddress(host) : host.length > 0;
}

/** dns.lookup, but every answer must be public; a single private one refuses them all. */
function guardedLookup(resolve: typeof dns.lookup): typeof dns.lookup {
  const lookup = (
    hostname: string,
    options: dns.LookupOptions | number | ((...args: never[]) => void),
    callback?: (
      err: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    const opts: dns.LookupOptions = typeof options === 'object' ? options : {};
    const done = (typeof options === 'function' ? options : callback) as NonNullable<typeof callback>;
    const all: LookupAllOptions = { ...opts, all: true };
    resolve(hostname, all, (err, addresses) => {
      if (err) return done(err, []);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
        return done(new RefusedAddress(`${hostname} resolves to an address that is not public`), []);
      }
      if (opts.all) return done(null, addresses);
      const first = addresses[0]!;
      done(null, first.address, first.family);
    });
  };
  return lookup as typeof dns.lookup;
}

/** Closes the connection under a body not wanted; the abort it causes is expected, not an error. */
function abandon(body: NodeJS.ReadableStream & { destroy: () => void }): void {
  body.on('error', () => {});
  body.destroy();
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const allowed = new Set(options.allowedHosts.map((h) => normalizeAllowedHost(h) ?? h));
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  const resolve = options.lookup ?? dns.lookup;
  const onlyAllowed = options.mode === 'allowed';
  const guarded = buildConnector({ timeout: timeoutMs, lookup: guardedLookup(resolve) } as never);
  const trusted = buildConnector({ timeout: timeoutMs, lookup: resolve } as never);
  // Checked again at connect time, whatever the URL said: the socket goes only where the rules allow.
  const connect: buildConnector.connector = (opts, callback) => {
    const port = opts.port ? Number(opts.port) : (DEFAULT_PORTS[opts.protocol] ?? 0);
    if (allowed.has(hostKey(opts.hostname, port))) return trusted(opts, callback);
    const host = bare(opts.hostname);
    if (onlyAllowed) {
      callback(new RefusedAddress(`${host}:${port} is not an allowed host`), null);
      return;
    }
    if (net.isIP(host) && !isPublicAddress(host)) {
      callback(new RefusedAddress(`${host} is not a public address`), null);
      return;
    }
    return guarded(opts, callback);
  };
  const dispatcher = new Agent({
    connect,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 1000,
  });

  const fetchGuarded = async (input: string, init: { accept?: string } = {}): Promise<OutboundResult> => {
    if (options.mode === 'off') return { kind: 'failed', reason: 'off' };
    const signal = AbortSignal.timeout(timeoutMs);
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return { kind: 'failed', reason: 'refused' };
    }
    try {
      for (let hop = 0; ; hop++) {
        if (!checkUrl(url, allowed, onlyAllowed)) return { kind: 'failed', reason: 'refused' };
        const response = await request(url, {
          dispatcher,
          signal,
          method: 'GET',
          maxRedirections: 0,
          headers: {
            'user-agent': options.userAgent,
            accept: init.accept ?? 'text/html, application/json;q=0.9, text/*;q=0.8',
          },
        } as Parameters<typeof request>[1]);
        const location = response.headers.location;
        if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
          await response.body.dump();
          if (hop >= maxRedirects) return { kind: 'failed', reason: 'too-many-redirects' };
          url = new URL(location, url);
          continue;
        }
        const contentType = String(response.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (response.statusCode < 200 || response.statusCode >= 300) {
          await response.body.dump();
          return { kind: 'response', status: response.statusCode, url: url.href, contentType, body: '' };
        }
        if (!READABLE_TYPE.test(contentType)) {
          abandon(response.body);
          return { kind: 'failed', reason: 'content-type' };
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) {
            // Stop reading: the rest of a huge page never crosses the wire into memory.
            abandon(response.body);
            return { kind: 'failed', reason: 'too-large' };
          }
          chunks.push(chunk as Buffer);
        }
        const body = new TextDecoder().decode(Buffer.concat(chunks));
        return { kind: 'response', status: response.statusCode, url: url.href, contentType, body };
      }
    } catch (error) {
      if (signal.aborted) return { kind: 'failed', reason: 'timeout' };
      if (causeChain(error).some((e) => e instanceof RefusedAddress)) {
        return { kind: 'failed', reason: 'refused' };
      }
      return { kind: 'failed', reason: 'network' };
    }
  };
  return Object.assign(fetchGuarded, { close: () => dispatcher.close() });
}
