#!/usr/bin/env node
/**
 * `npm run smoke -- <url> [--production] [--issuer <url>]`: a read-only check of a running deployment
 * (docs/deploy.md, "Smoke check"). It only sends GET requests, follows no redirect and keeps no cookie: it
 * changes nothing on the server. One line per check on stdout; exit 1 when a check fails, 2 on bad arguments.
 *
 * The production checks (HSTS, Secure cookies, no /dev-mail or /dev-idp) run against an https URL, or with
 * --production. --issuer names the identity provider the sign-in must go to (its origin is compared);
 * without it, the redirect must be a well-formed authorization request back to this deployment.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const TIMEOUT_MS = 10_000;

/** The headers every answer carries (src/server/plugins/security.ts), each with what its value must hold. */
const SECURITY_HEADERS = [
  ['content-security-policy', /frame-ancestors 'none'/],
  ['x-content-type-options', /^nosniff$/i],
  ['x-frame-options', /^(deny|sameorigin)$/i],
  ['referrer-policy', /./],
  ['cross-origin-opener-policy', /./],
];

/**
 * Runs every check against `base` and answers one result a check: `{ name, ok, detail }`.
 * @param {string} base
 * @param {{ production?: boolean, issuer?: string, fetchImpl?: typeof fetch }} [options]
 */
export async function runSmoke(base, { production, issuer, fetchImpl = fetch } = {}) {
  const root = new URL(base);
  const strict = production || root.protocol === 'https:';
  const get = (path, accept) =>
    fetchImpl(new URL(path, root), {
      redirect: 'manual',
      headers: accept ? { accept } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  /** @type {{ name: string, ok: boolean, detail: string }[]} */
  const results = [];
  const check = async (name, run) => {
    try {
      results.push({ name, ok: true, detail: await run() });
    } catch (err) {
      results.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  };

  await check('healthz', async () => {
    const res = await expectStatus(await get('/healthz'), 200);
    const body = await res.json();
    if (body.ok !== true) throw new Error(`answered ${JSON.stringify(body)}`);
    return body.version ? `ok, version ${body.version}` : 'ok';
  });
  await check('readyz', async () => {
    await expectStatus(await get('/readyz'), 200);
    return 'ready: the database answers';
  });

  let landing;
  await check('landing page', async () => {
    const res = await expectStatus(await get('/', 'text/html'), 200);
    landing = res;
    const html = await res.text();
    if (!html.includes('<div id="root">')) throw new Error('the page has no <div id="root">');
    const assets = assetPaths(html, root);
    if (assets.length === 0) throw new Error('the page names no script or stylesheet');
    for (const asset of assets) {
      const answer = await get(asset);
      if (answer.status !== 200) throw new Error(`${asset} answered ${answer.status}`);
      if ((await answer.arrayBuffer()).byteLength === 0) throw new Error(`${asset} is empty`);
    }
    return `${assets.length} assets load`;
  });

  await check('security headers', async () => {
    const res = landing ?? (await get('/', 'text/html'));
    const wanted = strict
      ? [...SECURITY_HEADERS, ['strict-transport-security', /max-age=[1-9]/]]
      : SECURITY_HEADERS;
    const wrong = wanted
      .filter(([name, pattern]) => !pattern.test(res.headers.get(name) ?? ''))
      .map(([name]) => (res.headers.has(name) ? `${name} is "${res.headers.get(name)}"` : `${name} missing`));
    if (wrong.length > 0) throw new Error(wrong.join('; '));
    return `${wanted.length} present`;
  });

  await check('API description', async () => {
    const res = await expectStatus(await get('/api/docs/json', 'application/json'), 200);
    const doc = JSON.parse(await res.text());
    if (!doc.openapi || !doc.paths) throw new Error('the JSON is not an OpenAPI description');
    return `OpenAPI ${doc.openapi}, ${Object.keys(doc.paths).length} paths`;
  });

  await check('sign-in redirect', async () => {
    const res = await get('/auth/google');
    if (res.status < 300 || res.status > 399) throw new Error(`answered ${res.status}, not a redirect`);
    const to = new URL(res.headers.get('location') ?? '', root);
    const params = to.searchParams;
    if (params.get('response_type') !== 'code' || !params.get('client_id') || !params.get('code_challenge')) {
      throw new Error(`${to.origin}${to.pathname} is not an authorization request with PKCE`);
    }
    const back = new URL('/auth/google/callback', root).href;
    if (params.get('redirect_uri') !== back) {
      throw new Error(`it sends the answer to ${params.get('redirect_uri')}, not ${back}`);
    }
    if (issuer && to.origin !== new URL(issuer).origin) {
      throw new Error(`it goes to ${to.origin}, not to ${new URL(issuer).origin}`);
    }
    if (strict && to.origin === root.origin && to.pathname.startsWith('/dev-idp')) {
      throw new Error('it goes to the development sign-in');
    }
    const cookies = res.headers.getSetCookie();
    if (cookies.length === 0) throw new Error('it sets no cookie to finish the sign-in with');
    const flags = (cookie) => cookie.split(';').map((part) => part.trim().toLowerCase());
    const open = cookies.filter(
      (c) => !flags(c).includes('httponly') || (strict && !flags(c).includes('secure')),
    );
    if (open.length > 0) {
      throw new Error(
        `cookie ${open.map((c) => c.split('=')[0]).join(', ')} lacks ${strict ? 'Secure or ' : ''}HttpOnly`,
      );
    }
    return `to ${to.origin}${to.pathname}, cookies ${strict ? 'Secure and ' : ''}HttpOnly`;
  });

  if (strict) {
    await check('no development tools', async () => {
      for (const path of ['/dev-mail', '/dev-idp/.well-known/openid-configuration']) {
        const res = await get(path, 'text/html');
        if (res.status !== 404) throw new Error(`${path} answered ${res.status}`);
      }
      return '/dev-mail and /dev-idp are absent';
    });
  }
  return results;
}

async function expectStatus(res, status) {
  if (res.status !== status) throw new Error(`answered ${res.status}`);
  return res;
}

/** The same-origin scripts and stylesheets a page loads (src, and href of stylesheets and preloads). */
export function assetPaths(html, root) {
  const found = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/\brel=["']?(stylesheet|modulepreload)\b/i.test(tag)) continue;
    const value = tag.match(isLink ? /\bhref=["']([^"']+)["']/i : /\bsrc=["']([^"']+)["']/i)?.[1];
    if (!value) continue;
    const url = new URL(value, root);
    if (url.origin === root.origin) found.add(url.pathname);
  }
  return [...found];
}

const USAGE = 'Usage: npm run smoke -- <url> [--production] [--issuer <url>]';

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { production: { type: 'boolean' }, issuer: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (err) {
    console.error(`${err.message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [base, ...extra] = parsed.positionals;
  if (!base || extra.length > 0 || !URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    console.error(`Give the deployment's address, one http or https URL.\n${USAGE}`);
    return 2;
  }
  if (parsed.values.issuer !== undefined && !URL.canParse(parsed.values.issuer)) {
    console.error(`--issuer takes the identity provider's URL.\n${USAGE}`);
    return 2;
  }
  const results = await runSmoke(base, parsed.values);
  for (const { name, ok, detail } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    failed === 0 ? `all ${results.length} checks passed` : `${failed} of ${results.length} checks failed`,
  );
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}

export { main };
