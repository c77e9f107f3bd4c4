import {
  Bell,
  Boxes,
  CalendarPlus,
  CreditCard,
  Info,
  LifeBuoy,
  Package,
  ShieldCheck,
  TicketPercent,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import type { Translation } from '@/locales/en/translation';

export interface NavItem {
  label: keyof Translation['nav'];
  to: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The navigation menu of spec §2, in its order; Admin shows only for admins. */
export const navItems: NavItem[] = [
  { label: 'book', to: '/book', icon: CalendarPlus },
  { label: 'orders', to: '/orders', icon: Package },
  { label: 'products', to: '/products', icon: Boxes },
  { label: 'promotions', to: '/coupons', icon: TicketPercent },
  { label: 'help', to: '/help', icon: LifeBuoy },
  { label: 'notifications', to: '/notifications', icon: Bell },
  { label: 'payment', to: '/payment/methods', icon: CreditCard },
  { label: 'account', to: '/profile', icon: UserCog },
  { label: 'about', to: '/about', icon: Info },
  { label: 'admin', to: '/admin', icon: ShieldCheck, adminOnly: true },
];

/** visibleNavItems is the menu for this user. */
export function visibleNavItems(isAdmin: boolean): NavItem[] {
  return navItems.filter((i) => !i.adminOnly || isAdmin);
}

/** The phone tab bar shows these; the rest sit behind "More". */
export const tabLabels: NavItem['label'][] = ['book', 'orders', 'help'];
