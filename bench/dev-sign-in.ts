/**
 * Signs a user in to a running server through the development identity provider, over HTTP, as the
 * sign-in popup does: /auth/google, the provider's form, the redirects back to the callback. A small cookie
 * jar carries the cookies along (every cookie goes everywhere: the flow never leaves the one origin), as
 * Browser.signIn does with app.inject in src/server/testing/test-app.ts.
 */

const MAX_REDIRECTS = 10;

class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(equals + 1));
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** Fetches `url` and follows redirects within `origin` by hand, so that every hop's cookies are kept. */
async function follow(
  jar: CookieJar,
  origin: string,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  let res = await fetch(new URL(url, origin), {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: jar.header() },
  });
  for (let hops = 0; hops < MAX_REDIRECTS && res.status >= 300 && res.status < 400; hops++) {
    jar.take(res);
    await res.arrayBuffer();
    const next = new URL(res.headers.get('location') ?? '', origin);
    if (next.origin !== origin) throw new Error(`sign-in left ${origin} for ${next.origin}`);
    res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
  }
  jar.take(res);
  return res;
}

/** The session token (the `sid` cookie) of a fresh sign-in as `email`; the account is made on first use. */
export async function signInOverHttp(origin: string, email: string, name: string): Promise<string> {
  const cookie = await sessionCookieOverHttp(origin, email, name);
  if (!cookie.startsWith('sid=')) throw new Error(`the server set ${cookie.split('=')[0]}, not sid`);
  return cookie.slice('sid='.length);
}

/**
 * The session cookie, as `name=value`, of a fresh sign-in as `email`: `sid` in development, `__Host-sid`
 * when the server sets secure cookies (in production).
 */
export async function sessionCookieOverHttp(origin: string, email: string, name: string): Promise<string> {
  const jar = new CookieJar();
  const form = await follow(jar, origin, '/auth/google');
  const action = /action="([^"]+)"/.exec(await form.text())?.[1];
  if (!action) throw new Error(`no sign-in form for ${email} (${form.status})`);
  const done = await follow(jar, origin, action.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name }).toString(),
  });
  await done.arrayBuffer();
  for (const cookieName of ['sid', '__Host-sid']) {
    const token = jar.get(cookieName);
    if (token) return `${cookieName}=${token}`;
  }
  throw new Error(`the sign-in of ${email} set no session (${done.status})`);
}
