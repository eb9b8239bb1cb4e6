import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { Suspense } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '../../lib/i18n.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

const user = {
  profile: { sub: 'owner-1' },
  access_token: 'token',
  expired: true,
} as unknown as User;

function renderLayout(auth: Partial<AuthContextProps>) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: <RequireAuth />,
            children: [{ path: '/dashboard', element: <p>My QR codes</p> }],
          },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const value = {
    isLoading: false,
    signinRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    ...auth,
  } as unknown as AuthContextProps;
  render(
    <AuthContext.Provider value={value}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return value;
}

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
  initI18n('en');
  await i18n.changeLanguage('en');
});

describe('the layout when a silent renewal fails', () => {
  it('keeps the signed-in page on screen (the renewal is retried), even with the token lapsed', async () => {
    renderLayout({ isAuthenticated: false, user, error: new Error('Failed to fetch') as never });
    expect(await screen.findByText('My QR codes')).toBeInTheDocument();
    expect(screen.queryByText(/Error: Failed to fetch/)).toBeNull();
  });

  it('replaces the page with the error only when nobody is signed in', async () => {
    const auth = renderLayout({
      isAuthenticated: false,
      user: null,
      error: new Error('Failed to fetch') as never,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch');
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to sign in, to come back to the same path', async () => {
    const auth = renderLayout({ isAuthenticated: false, user: null });
    await vi.waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } }),
    );
  });
});
