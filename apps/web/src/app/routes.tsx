import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from './GlobalLoader.tsx';
import { redirectIfAuthenticated, requireSession } from './guards.ts';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { RequireRole } from './RequireRole.tsx';
import { RouteError } from './RouteError.tsx';

/**
 * Every route of the spec's route table (section 2). Screens are lazy chunks so that a visitor of
 * the public pages or Login never downloads the back office.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        lazy: () => import('./layouts/PublicLayout.tsx'),
        children: [
          { index: true, lazy: () => import('./routes/public/landing.tsx') },
          { path: 'consulta', lazy: () => import('./routes/public/consulta.tsx') },
          { path: 'loans/:id', lazy: () => import('./routes/public/loan-details.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', loader: redirectIfAuthenticated, lazy: () => import('./routes/auth/login.tsx') },
          { path: 'register', lazy: () => import('./routes/auth/register.tsx') },
        ],
      },
      {
        // Printable documents (receipt, loan statement): outside the admin shell, behind the session.
        path: '/admin/print',
        loader: requireSession,
        children: [
          {
            element: <RequireRole requiredRole="ROLE_ADMIN" />,
            children: [{ path: 'payments/:id', lazy: () => import('./routes/print/payment-receipt.tsx') }],
          },
          { path: 'loans/:id', lazy: () => import('./routes/print/loan-statement.tsx') },
        ],
      },
      {
        path: '/admin',
        loader: requireSession,
        lazy: () => import('./layouts/AdminLayout.tsx'),
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          { path: 'dashboard', lazy: () => import('./routes/admin/dashboard.tsx') },
          { path: 'customers', lazy: () => import('./routes/admin/customers.tsx') },
          { path: 'customers/:id', lazy: () => import('./routes/admin/customer-details.tsx') },
          {
            element: <RequireRole requiredRole="ROLE_ADMIN" />,
            children: [
              { path: 'loans', lazy: () => import('./routes/admin/loans.tsx') },
              { path: 'users', lazy: () => import('./routes/admin/users.tsx') },
              { path: 'payments', lazy: () => import('./routes/admin/payments.tsx') },
              { path: 'bank-accounts', lazy: () => import('./routes/admin/bank-accounts.tsx') },
              { path: 'audit', lazy: () => import('./routes/admin/audit.tsx') },
              { path: 'payments/:id', lazy: () => import('./routes/admin/payment-details.tsx') },
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
    ],
  },
];
