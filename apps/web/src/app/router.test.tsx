import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from './layout/require-auth.tsx';
import { router } from './router.tsx';

const children = (route: RouteObject | undefined) => route?.children ?? [];

describe('the routes a mailed link opens', () => {
  it('are lazy and need no sign-in: /guardians/confirm, /alerts/unsubscribe and /invitations/{token}', async () => {
    const top = children(router.routes[0]);
    const signedIn = top.find(
      (route) => (route.element as { type?: unknown } | undefined)?.type === RequireAuth,
    );
    const signedInPaths = children(signedIn).map((route) => route.path);
    for (const path of ['guardians/confirm', 'alerts/unsubscribe', 'invitations/:token']) {
      const route = top.find((item) => item.path === path);
      expect(route, path).toBeDefined();
      expect(typeof route!.lazy).toBe('function');
      expect(signedInPaths).not.toContain(path);
    }
    const page = await (
      top.find((item) => item.path === 'guardians/confirm')!.lazy as () => Promise<{
        Component?: unknown;
      }>
    )();
    expect(page.Component).toBeTypeOf('function');
  });

  it('keeps /organizations/{id} lazy and behind sign-in', () => {
    const top = children(router.routes[0]);
    const signedIn = top.find(
      (route) => (route.element as { type?: unknown } | undefined)?.type === RequireAuth,
    );
    const route = children(signedIn).find((item) => item.path === 'organizations/:id');
    expect(typeof route?.lazy).toBe('function');
    expect(top.find((item) => item.path === 'organizations/:id')).toBeUndefined();
  });
});
