import { Navigate, type RouteObject } from 'react-router';
import { screenPaths } from '../lib/paths.ts';
import { FullPageLoader } from './FullPageLoader.tsx';
import { redirectIfAuthenticated, requireSession } from './guards.ts';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { NotFound } from './NotFound.tsx';
import { RequireRole } from './RequireRole.tsx';
import { RouteError } from './RouteError.tsx';

/**
 * The back office and Login (docs/product.md §2 "Route table"). The public pages (/, /consulta, /loans/:id) are another
 * entry, public.html (src/public), that the server sends for every path outside /auth and /admin.
 * Screens are lazy chunks so that Login never downloads the back office.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to={screenPaths.login} replace /> },
          { path: 'login', loader: redirectIfAuthenticated, lazy: () => import('./routes/auth/login.tsx') },
          { path: 'register', lazy: () => import('./routes/auth/register.tsx') },
          // A password reset link: open with or without a session (the link is the credential).
          { path: 'reset/:token', lazy: () => import('./routes/auth/reset.tsx') },
        ],
      },
      {
        // Printable documents (receipt, loan statement): outside the admin shell, behind the session;
        // the server answers an agent only for their own customers' records.
        path: '/admin/print',
        loader: requireSession,
        children: [
          { path: 'payments/:id', lazy: () => import('./routes/print/payment-receipt.tsx') },
          { path: 'loans/:id', lazy: () => import('./routes/print/loan-statement.tsx') },
          { path: 'loans/:id/payoff-quote', lazy: () => import('./routes/print/payoff-quote.tsx') },
          { path: 'loans/:id/contract', lazy: () => import('./routes/print/loan-contract.tsx') },
          { path: 'cash-close', lazy: () => import('./routes/print/cash-close.tsx') },
        ],
      },
      {
        path: '/admin',
        loader: requireSession,
        lazy: () => import('./layouts/AdminLayout.tsx'),
        children: [
          { index: true, element: <Navigate to={screenPaths.dashboard} replace /> },
          { path: 'dashboard', lazy: () => import('./routes/admin/dashboard.tsx') },
          { path: 'customers', lazy: () => import('./routes/admin/customers.tsx') },
          { path: 'customers/:id', lazy: () => import('./routes/admin/customer-details.tsx') },
          // Read-only for an agent (their customers' payments); deciding stays with administrators.
          { path: 'payments/:id', lazy: () => import('./routes/admin/payment-details.tsx') },
          { path: 'collections', lazy: () => import('./routes/admin/collections.tsx') },
          { path: 'cash-close', lazy: () => import('./routes/admin/cash-close.tsx') },
          {
            element: <RequireRole requiredRole="ROLE_ADMIN" />,
            children: [
              { path: 'loans', lazy: () => import('./routes/admin/loans.tsx') },
              { path: 'users', lazy: () => import('./routes/admin/users.tsx') },
              { path: 'payments', lazy: () => import('./routes/admin/payments.tsx') },
              { path: 'bank-accounts', lazy: () => import('./routes/admin/bank-accounts.tsx') },
              { path: 'audit', lazy: () => import('./routes/admin/audit.tsx') },
              { path: 'backups', lazy: () => import('./routes/admin/backups.tsx') },
              { path: 'settings', lazy: () => import('./routes/admin/settings.tsx') },
              { path: 'write-offs', lazy: () => import('./routes/admin/write-offs.tsx') },
              { path: 'products', lazy: () => import('./routes/admin/products.tsx') },
              { path: 'pld', lazy: () => import('./routes/admin/pld.tsx') },
              { path: 'import', lazy: () => import('./routes/admin/import.tsx') },
              { path: 'reconciliation', lazy: () => import('./routes/admin/reconciliation.tsx') },
              {
                path: 'bank-accounts/:id/transactions',
                lazy: () => import('./routes/admin/account-transactions.tsx'),
              },
              {
                path: 'bank-accounts/:accountId/transactions/:transactionId',
                lazy: () => import('./routes/admin/transaction-details.tsx'),
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/admin/not-found.tsx') },
        ],
      },
      // Only reachable by a client-side navigation to a public path: the 404 links back to the public home.
      { path: '*', element: <NotFound /> },
    ],
  },
];
