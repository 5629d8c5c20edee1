import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundFetch,
  isPublicAddress,
  normalizeAllowedHost,
  type OutboundFetchOptions,
} from './outbound-fetch.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
async function serve(handler: Handler): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((done) => s.close(done));
  }
});

/**
 * A resolver that knows only the names given; nothing here asks a real DNS server. Like dns.lookup, it
 * answers every address with `all: true` and only the first one otherwise.
 */
function stubResolver(answers: Record<string, string[]>): typeof dns.lookup {
  const lookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (err: Error | null, addresses: dns.LookupAddress[] | string, family?: number) => void,
  ) => {
    const found = answers[hostname];
    if (!found) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    const addresses = found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return lookup as unknown as typeof dns.lookup;
}

const noDns = stubResolver({});

function guard(options: Partial<OutboundFetchOptions> = {}) {
  return createOutboundFetch({
    mode: 'on',
    allowedHosts: [],
    userAgent: 'ReferBridge/1.0 (+https://referbridge.test)',
    lookup: noDns,
    ...options,
  });
}

let okPort: number;
let seenAgents: (string | undefined)[] = [];
beforeAll(async () => {
  okPort = await serve((req, res) => {
    seenAgents.push(req.headers['user-agent']);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<title>Hello</title>');
  });
});

describe('the outbound guard', () => {
  it('fetches an allowed host, naming the product and PUBLIC_URL', async () => {
    seenAgents = [];
    const result = await guard({ allowedHosts: [`127.0.0.1:${okPort}`] })(`http://127.0.0.1:${okPort}/x`);
    expect(result).toMatchObject({ kind: 'response', status: 200, body: '<title>Hello</title>' });
    expect(seenAgents).toEqual(['ReferBridge/1.0 (+https://referbridge.test)']);
  });

  it('counts odd spellings of an address as the address they are (WHATWG URL parsing)', async () => {
    for (const spelling of ['127.1', '2130706433', '0x7f.0.0.1', '0177.0.0.1']) {
      expect(new URL(`http://${spelling}/`).hostname).toBe('127.0.0.1');
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    // Allowed as 127.0.0.1:port, reached through another spelling of it.
    const fetchAllowed = guard({ allowedHosts: [`127.0.0.1:${okPort}`] });
    expect(await fetchAllowed(`http://2130706433:${okPort}/`)).toMatchObject({ kind: 'response' });
  });

  it('refuses every private or special address, however it is spelt', async () => {
    const fetchGuarded = guard();
    const refused = [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://192.0.2.10/',
      'http://198.51.100.1/',
      'http://203.0.113.9/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[ff02::1]/',
      'http://[::]/',
      'http://[2001:db8::1]/',
      // IPv6 addresses that carry an IPv4 one (issue 46 item 5): IPv4-compatible (::/96, deprecated), mapped
      // (::ffff:0:0/96, also as RFC 6145 translated), NAT64 (64:ff9b::/96 and its local 64:ff9b:1::/48),
      // 6to4 (2002::/16) and Teredo, each carrying a private address.
      'http://[::7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[0:0:0:0:0:0:a00:1]/',
      'http://[::c0a8:101]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:0:7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[64:ff9b:1::a00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ];
    for (const url of refused) {
      expect({ url, result: await fetchGuarded(url) }).toEqual({
        url,
        result: { kind: 'failed', reason: 'refused' },
      });
    }
  });

  it('refuses every address that carries an IPv4 one, whatever it carries: none is a posting’s host', () => {
    for (const address of [
      '::7f00:1',
      '::808:808',
      '::1.1.1.1',
      '0:0:0:0:0:0:5db8:d822',
      '::ffff:0:808:808',
      '64:ff9b::808:808',
      '64:ff9b::7f00:1',
      '64:ff9b:1::808:808',
      '2002:808:808::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    // An IPv4-mapped address is the IPv4 address it carries.
    expect(isPublicAddress('::ffff:808:808')).toBe(true);
  });

  it('classifies with ipaddr.js: public unicast passes, mapped addresses count as IPv4', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true);
    expect(isPublicAddress('::ffff:192.168.0.1')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('refuses other schemes, credentials and other ports of hosts not allowed', async () => {
    // The name resolves to nothing: a check that let one through would answer `network`, never reach out.
    const fetchGuarded = guard();
    for (const url of [
      'file:///etc/passwd',
      'ftp://jobs.example.test/',
      'gopher://jobs.example.test/',
      'http://jobs.example.test:8080/',
      'https://jobs.example.test:22/',
      'http://user:pass@jobs.example.test/',
      'not a url',
    ]) {
      expect({ url, result: await fetchGuarded(url) }).toEqual({
        url,
        result: { kind: 'failed', reason: 'refused' },
      });
    }
  });

  // Only private answers here, so that a broken check could not reach the internet either.
  it('checks every DNS answer at connect time: one private answer refuses the name', async () => {
    const fetchGuarded = guard({
      lookup: stubResolver({
        'private.example.test': ['10.1.2.3'],
        'mixed.example.test': ['fd12::7', '100.64.1.1'],
        'rebound.example.test': ['::ffff:127.0.0.1'],
        'compatible.example.test': ['::7f00:1'],
        'nat64.example.test': ['64:ff9b::a00:1'],
      }),
    });
    for (const host of [
      'private.example.test',
      'mixed.example.test',
      'rebound.example.test',
      'compatible.example.test',
      'nat64.example.test',
    ]) {
      expect(await fetchGuarded(`http://${host}/`)).toEqual({ kind: 'failed', reason: 'refused' });
    }
    // A name that does not resolve is a network failure, not a refusal.
    expect(await fetchGuarded('http://nowhere.example.test/')).toEqual({
      kind: 'failed',
      reason: 'network',
    });
  });

  it('lets an allowed name through to its private address', async () => {
    const fetchGuarded = guard({
      allowedHosts: [`intranet.example.test:${okPort}`],
      lookup: stubResolver({ 'intranet.example.test': ['127.0.0.1'] }),
    });
    expect(await fetchGuarded(`http://intranet.example.test:${okPort}/`)).toMatchObject({
      kind: 'response',
      status: 200,
    });
  });

  it('checks every redirect, and follows at most 5', async () => {
    const port = await serve((req, res) => {
      const hops = Number(new URL(req.url!, 'http://x').searchParams.get('hops') ?? 0);
      if (req.url!.startsWith('/private')) {
        res.writeHead(302, { location: 'http://127.0.0.1/admin' }).end();
      } else if (req.url!.startsWith('/mapped')) {
        res.writeHead(301, { location: `http://[::ffff:7f00:1]:${okPort}/` }).end();
      } else if (hops > 0) {
        res.writeHead(307, { location: `/chain?hops=${hops - 1}` }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"done":true}');
      }
    });
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`] });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/private`)).toEqual({
      kind: 'failed',
      reason: 'refused',
    });
    // okPort is a real server, but not on the allow-list of this guard.
    expect(await fetchGuarded(`http://127.0.0.1:${port}/mapped`)).toEqual({
      kind: 'failed',
      reason: 'refused',
    });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/chain?hops=5`)).toMatchObject({
      kind: 'response',
      body: '{"done":true}',
    });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/chain?hops=6`)).toEqual({
      kind: 'failed',
      reason: 'too-many-redirects',
    });
  });

  it('gives up on a page that never ends, and on a server that never answers', async () => {
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });
    const silent = await serve(() => {});
    const fetchGuarded = guard({
      allowedHosts: [`127.0.0.1:${endless}`, `127.0.0.1:${silent}`],
      timeoutMs: 300,
    });
    expect(await fetchGuarded(`http://127.0.0.1:${endless}/`)).toEqual({ kind: 'failed', reason: 'timeout' });
    expect(await fetchGuarded(`http://127.0.0.1:${silent}/`)).toEqual({ kind: 'failed', reason: 'timeout' });
  });

  it('stops reading a 50 MB page past 2 MB', async () => {
    const total = 50 * 1024 * 1024;
    let written = 0;
    let closedEarly: Promise<number> = Promise.resolve(0);
    const port = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      closedEarly = new Promise((done) => res.on('close', () => done(written)));
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const result = await guard({ allowedHosts: [`127.0.0.1:${port}`] })(`http://127.0.0.1:${port}/`);
    expect(result).toEqual({ kind: 'failed', reason: 'too-large' });
    expect(await closedEarly).toBeLessThan(total);
  });

  it('reads text and JSON only, and hands back error statuses without a body', async () => {
    const port = await serve((req, res) => {
      if (req.url === '/image') res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
      else if (req.url === '/ld') res.writeHead(200, { 'content-type': 'application/ld+json' }).end('{}');
      else res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    });
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`] });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/image`)).toEqual({
      kind: 'failed',
      reason: 'content-type',
    });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/ld`)).toMatchObject({ kind: 'response', body: '{}' });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/gone`)).toMatchObject({
      kind: 'response',
      status: 404,
      body: '',
    });
  });

  it('sends nothing when JOB_FETCH is off', async () => {
    seenAgents = [];
    const fetchGuarded = guard({ mode: 'off', allowedHosts: [`127.0.0.1:${okPort}`] });
    expect(await fetchGuarded(`http://127.0.0.1:${okPort}/`)).toEqual({ kind: 'failed', reason: 'off' });
    expect(seenAgents).toEqual([]);
  });

  it('reaches only the allowed hosts in allowed mode, redirects included', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://jobs.example.test/' }).end();
    });
    const fetchGuarded = guard({
      mode: 'allowed',
      allowedHosts: [`127.0.0.1:${okPort}`, `127.0.0.1:${port}`],
    });
    expect(await fetchGuarded(`http://127.0.0.1:${okPort}/`)).toMatchObject({ kind: 'response' });
    expect(await fetchGuarded('http://jobs.example.test/')).toEqual({ kind: 'failed', reason: 'refused' });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/`)).toEqual({ kind: 'failed', reason: 'refused' });
  });

  it('reads the allow-list as host:port, IPv6 without brackets, names in lower case, nothing else', () => {
    expect(
      [
        'Intranet.Example.Test:8080',
        '  jobs.example.test:3000  ',
        '[::1]:8080',
        '127.0.0.1:9000',
        'jobs.example.test',
        'jobs.example.test:80',
        'jobs.example.test:8080/path',
        'user@jobs.example.test:8080',
        'jobs.example.test:8080?x=1',
        'bad host:1',
      ].map((entry) => normalizeAllowedHost(entry)),
    ).toEqual([
      'intranet.example.test:8080',
      'jobs.example.test:3000',
      '::1:8080',
      '127.0.0.1:9000',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('matches an allowed name whatever its case, and an allowed default port', async () => {
    const mixed = guard({
      allowedHosts: [`Intranet.Example.Test:${okPort}`],
      lookup: stubResolver({ 'intranet.example.test': ['127.0.0.1'] }),
    });
    expect(await mixed(`http://intranet.example.test:${okPort}/`)).toMatchObject({ status: 200 });
    // Port 80 is allowed as written (a URL drops a default port). Nothing listens on 127.0.0.1:80 here, so
    // reaching it is a network failure; a guard that lost the port would refuse the private address.
    const onDefault = guard({
      allowedHosts: ['intranet.example.test:80'],
      lookup: stubResolver({ 'intranet.example.test': ['127.0.0.1'] }),
    });
    expect(await onDefault('http://intranet.example.test/')).toEqual({ kind: 'failed', reason: 'network' });
  });

  it('refuses a name with no answer, or with a private one among public ones', async () => {
    // The private answer comes first, so a guard that let the name through would try 127.0.0.1:80, where
    // nothing listens (network), never the public address.
    const fetchGuarded = guard({
      lookup: stubResolver({ 'empty.example.test': [], 'half.example.test': ['127.0.0.1', '93.184.216.34'] }),
    });
    expect(await fetchGuarded('http://empty.example.test/')).toEqual({ kind: 'failed', reason: 'refused' });
    expect(await fetchGuarded('http://half.example.test/')).toEqual({ kind: 'failed', reason: 'refused' });
  });

  it('follows only a redirect status with a Location, and reads 3xx and 4xx as statuses', async () => {
    const port = await serve((req, res) => {
      if (req.url === '/located')
        res.writeHead(200, { 'content-type': 'text/plain', location: '/elsewhere' });
      else if (req.url === '/bare-redirect') res.writeHead(302);
      else if (req.url === '/three-hundred') res.writeHead(300, { 'content-type': 'text/plain' });
      else if (req.url === '/untyped') res.writeHead(404);
      else res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`at ${req.url}`);
    });
    const base = `http://127.0.0.1:${port}`;
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`] });
    expect(await fetchGuarded(`${base}/located`)).toEqual({
      kind: 'response',
      status: 200,
      url: `${base}/located`,
      contentType: 'text/plain',
      body: 'at /located',
    });
    expect(await fetchGuarded(`${base}/bare-redirect`)).toEqual({
      kind: 'response',
      status: 302,
      url: `${base}/bare-redirect`,
      contentType: '',
      body: '',
    });
    expect(await fetchGuarded(`${base}/three-hundred`)).toMatchObject({ status: 300, body: '' });
    expect(await fetchGuarded(`${base}/untyped`)).toEqual({
      kind: 'response',
      status: 404,
      url: `${base}/untyped`,
      contentType: '',
      body: '',
    });
  });

  it('reads the media type before any parameters, spaces and case aside, and only whole types', async () => {
    const port = await serve((req, res) => {
      const type = decodeURIComponent(req.url!.slice(1));
      res.writeHead(200, { 'content-type': type }).end('ok');
    });
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`] });
    const read = async (type: string) => {
      const result = await fetchGuarded(`http://127.0.0.1:${port}/${encodeURIComponent(type)}`);
      return result.kind === 'response' ? result.contentType : result.reason;
    };
    expect(await read('Text/HTML ; charset=utf-8')).toBe('text/html');
    expect(await read('application/jsonp')).toBe('content-type');
    expect(await read('x-text/plain')).toBe('content-type');
  });

  it('takes a body of exactly the limit, and not one byte more', async () => {
    const port = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(Number(req.url!.slice(1))));
    });
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`], maxBytes: 10 });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/10`)).toMatchObject({ body: 'x'.repeat(10) });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/11`)).toEqual({
      kind: 'failed',
      reason: 'too-large',
    });
  });

  it('closes the connection under a body of the wrong type at once', async () => {
    let closed: Promise<void> = Promise.resolve();
    const port = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write('PNG');
      closed = new Promise((done) => res.on('close', () => done()));
    });
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${port}`] });
    expect(await fetchGuarded(`http://127.0.0.1:${port}/`)).toEqual({
      kind: 'failed',
      reason: 'content-type',
    });
    await closed;
  });

  it('reaches nothing once closed', async () => {
    const fetchGuarded = guard({ allowedHosts: [`127.0.0.1:${okPort}`] });
    expect(await fetchGuarded(`http://127.0.0.1:${okPort}/`)).toMatchObject({ status: 200 });
    await fetchGuarded.close();
    expect(await fetchGuarded(`http://127.0.0.1:${okPort}/`)).toEqual({ kind: 'failed', reason: 'network' });
  });
});
