import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorBoundary } from './layout/route-error-boundary.tsx';
import { RequireAuth } from './layout/require-auth.tsx';

/** Every route of spec §2; each page is its own chunk so the scan page loads only what it needs. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'pricing', lazy: () => import('./routes/pricing.tsx') },
      { path: 'contact', lazy: () => import('./routes/contact.tsx') },
      { path: 'privacy', lazy: () => import('./routes/privacy.tsx') },
      { path: 'terms', lazy: () => import('./routes/terms.tsx') },
      { path: 'callback', lazy: () => import('./routes/callback.tsx') },
      { path: 'error', lazy: () => import('./routes/error.tsx') },
      { path: 'verify-email', lazy: () => import('./routes/verify-email.tsx') },
      { path: 'guardians/confirm', lazy: () => import('./routes/guardian-confirm.tsx') },
      { path: 'alerts/unsubscribe', lazy: () => import('./routes/alerts-unsubscribe.tsx') },
      { path: 'demo/:id', lazy: () => import('./routes/demo.tsx') },
      { path: 'preview/qr-data/:id', lazy: () => import('./routes/preview.tsx') },
      { path: 'scans/:scanId', lazy: () => import('./routes/scan.tsx') },
      { path: 'usecases/:slug', lazy: () => import('./routes/use-case.tsx') },
      { path: 'login', lazy: () => import('./routes/login.tsx') },
      { path: 'register', lazy: () => import('./routes/register.tsx') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password.tsx') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
      { path: 'profile', lazy: () => import('./routes/profile.tsx') },
      { path: 'u/:publicId', lazy: () => import('./routes/public-profile.tsx') },
      { path: 'invitations/:token', lazy: () => import('./routes/invitation.tsx') },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', lazy: () => import('./routes/dashboard.tsx') },
          { path: 'dashboard/bulk', lazy: () => import('./routes/bulk-create.tsx') },
          { path: 'organizations/:id', lazy: () => import('./routes/organization.tsx') },
          { path: 'analytics', lazy: () => import('./routes/analytics.tsx') },
          { path: 'account', lazy: () => import('./routes/account.tsx') },
          { path: 'qr-data/:id', lazy: () => import('./routes/qr-detail.tsx') },
          { path: 'checkout', lazy: () => import('./routes/checkout.tsx') },
          { path: 'payment-status', lazy: () => import('./routes/payment-status.tsx') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
