import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { buttonVariants } from '@/components/ui/button';
import { useSession } from '@/features/session/session';

/** AccountBox shows who is signed in, or a sign-in link. */
export function AccountBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  if (loading) return <div className="h-10" aria-hidden="true" />;
  if (!user) {
    return (
      <Link to="/login" onClick={onNavigate} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        <LogIn aria-hidden="true" />
        {t('nav.signIn')}
      </Link>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const initials = (user.firstName[0] ?? user.email[0] ?? '?').toUpperCase() + (user.lastName[0] ?? '').toUpperCase();
  return (
    <Link
      to="/profile"
      onClick={onNavigate}
      className="flex items-center gap-3 rounded-lg p-2 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
        {initials}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {user.isAdmin ? t('admin.badge') : user.email}
        </span>
      </span>
    </Link>
  );
}
