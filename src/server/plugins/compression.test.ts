import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app.js';

/** A browser's answers up to 64 KiB are compressed in one call (app.ts), not streamed. */
describe('compressed answers', () => {
  let t: TestApp;
  let reader: SignedIn;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    reader = await t.signIn('Cora Compress');
    // Enough companies that the list is a few tens of KB, as a page of a busy list is.
    await t.database.db.execute(sql`
      insert into companies (name, normalized_name, domain)
      select 'Compression Company ' || i, 'compression company ' || i, 'compression' || i || '.example.com'
      from generate_series(1, 400) i`);
  });
  afterAll(() => t.close());

  it('compresses a list page in one call, and it reads back as the same JSON', async () => {
    const plain = await reader.get('/api/companies');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Past what the plugin compresses in one call on its own on two cores (8 KiB), within ours.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(64 * 1024);

    const streams = vi.spyOn(zlib, 'createBrotliCompress');
    try {
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const packed = await reader.get('/api/companies', { 'accept-encoding': encoding });
        expect(packed.statusCode).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toMatch(/accept-encoding/i);
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
      expect(streams).not.toHaveBeenCalled();
    } finally {
      streams.mockRestore();
    }
  });
});
