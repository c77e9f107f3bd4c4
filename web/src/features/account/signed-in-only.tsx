import type { ReactNode } from 'react';
import type { PageId } from '@/components/page';
import { LoadingState } from '@/components/page-states';
import { useSession } from '@/features/session/session';
import { AuthFrame } from './auth-frame';
import { ExpiredNotice } from './expired-notice';

/**
 * SignedInOnly guards the registration steps after the password. They sit on public
 * routes (they belong to the sign-up frame), so without a session the step says it
 * has expired and offers to start again instead of showing a form that cannot work.
 */
export function SignedInOnly({ page, children }: { page: PageId; children: ReactNode }) {
  const { loading, user } = useSession();
  if (loading) return <LoadingState />;
  if (!user) {
    return (
      <AuthFrame page={page}>
        <ExpiredNotice restart="/register" />
      </AuthFrame>
    );
  }
  return children;
}
