import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/app/layouts/page-suspense';
import { useSession } from '@/features/session/session';

/**
 * SignedInOnly guards the registration steps after the password (they sit on public
 * routes because they belong to the sign-up frame): without a session, to /login.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { loading, user } = useSession();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace />;
  return children;
}
