import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath } from './api-routes.js';

describe('apiPath', () => {
  it('fills each parameter, encoded, and leaves a path without parameters as it is', () => {
    expect(apiPath('resumeFile', { id: 3 })).toBe('/api/resumes/3/file');
    expect(apiPath('referralStatus', { referralId: 12 })).toBe('/api/referrals/12/status');
    expect(apiPath('user', { id: 'a/b c' })).toBe('/api/users/a%2Fb%20c');
    expect(apiPath('notifications')).toBe('/api/notifications');
  });

  it('refuses to build a URL with a parameter missing', () => {
    // @ts-expect-error: the type asks for the id too; this is the run-time guard behind it.
    expect(() => apiPath('user', {})).toThrow("apiPath('user') needs a value for :id.");
  });
});

describe('API_ROUTES', () => {
  it('names each method and path once, under /api or /auth', () => {
    const routes = Object.values(API_ROUTES).map((route) => `${route.method} ${route.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const route of Object.values(API_ROUTES)) expect(route.path).toMatch(/^\/(api|auth)\//);
  });
});
