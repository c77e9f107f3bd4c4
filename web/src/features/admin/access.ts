// What the signed-in operator may do in the back office (docs/decisions/060-back-office-access-and-audit.md): a
// MANAGER sees every screen and runs orders, holds and stations; only an ADMIN changes people (roles, blocking,
// deleting) and coupon packs. The server enforces the same split; the screens only hide what would be refused.
import { useSession } from '@/features/session/session';

export type AdminAction = 'readAll' | 'runOrders' | 'runStations' | 'manageUsers' | 'manageCoupons';

interface Operator {
  isAdmin: boolean;
  isManager: boolean;
}

/** may answers whether an operator with these roles may take action. */
export function may(op: Operator | null | undefined, action: AdminAction): boolean {
  if (!op) return false;
  if (op.isAdmin) return true;
  if (!op.isManager) return false;
  return action === 'readAll' || action === 'runOrders' || action === 'runStations';
}

/** useAdminAccess is may() for the signed-in user. */
export function useAdminAccess(): { may: (action: AdminAction) => boolean; isAdmin: boolean } {
  const { user } = useSession();
  return { may: (action) => may(user, action), isAdmin: !!user?.isAdmin };
}
