import { ApiRequestError } from './api-error';

export { ApiRequestError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  throw new ApiRequestError(res.status, body, res.statusText);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

export async function apiGet(path: string, query?: Record<string, QueryValue>): Promise<unknown>;
export async function apiGet(
  path: string,
  query: Record<string, QueryValue> | undefined,
  options: { on401: 'returnNull' },
): Promise<unknown | null>;
export async function apiGet(
  path: string,
  query?: Record<string, QueryValue>,
  options: { on401?: 'throw' | 'returnNull' } = {},
): Promise<unknown> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const url = params.size ? `${path}?${params}` : path;
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(res);
  return readJson(res);
}

export interface WriteOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  data?: unknown;
}

export async function apiRequest(
  path: string,
  { method = 'GET', headers, data }: WriteOptions = {},
): Promise<unknown> {
  const isForm = data instanceof FormData;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: isForm ? headers : { 'Content-Type': 'application/json', ...headers },
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return readJson(res);
}
