import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiGet, apiRequest } from './api';

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body || null, { status, statusText }));
}

describe('api helpers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads JSON with cookies and appends query parameters', async () => {
    const fetchMock = respond(200, '[1,2]');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/api/x', { role: 'referrer', skip: undefined })).resolves.toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledWith('/api/x?role=referrer', { credentials: 'include' });
  });

  it('throws "status: body" for a failed call', async () => {
    vi.stubGlobal('fetch', respond(409, '{"error":"Already done."}'));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('409: {"error":"Already done."}');
    expect((error as ApiRequestError).serverMessage).toBe('Already done.');
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', respond(500, '', 'Internal Server Error'));
    await expect(apiRequest('/api/x', { method: 'POST' })).rejects.toThrow('500: Internal Server Error');
  });

  it('returns null for 401 when asked to', async () => {
    vi.stubGlobal('fetch', respond(401, '{"error":"Please sign in"}'));
    await expect(apiGet('/api/x', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiGet('/api/x')).rejects.toThrow(/^401: /);
  });

  it('sends data as JSON, and form data as it is', async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/y', { method: 'PUT', data: { a: 1 } });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/y', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    const form = new FormData();
    await apiRequest('/api/z', { method: 'POST', data: form });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/z', {
      method: 'POST',
      credentials: 'include',
      headers: undefined,
      body: form,
    });
  });
});
