import { NavLink } from 'react-router';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { UnreadBadge } from '@/pages/orders/unread-badge';
import type { NavItem } from '../nav-items';

/** NavList renders menu entries as links; the current section is marked for screen readers too. */
export function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5">
      {items.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                isActive
                  ? 'bg-secondary text-secondary-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            <Icon className="size-[18px]" aria-hidden="true" />
            {t(`nav.${label}`)}
            {label === 'notifications' && <UnreadBadge />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
