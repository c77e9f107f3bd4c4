import { Activity, BarChart3, BookOpen, Scale, CalendarClock, ClipboardList, Gauge, History, LifeBuoy, MapPin, TicketPercent, Users, type LucideIcon } from 'lucide-react';
import type { PageId } from '@/components/page';

export interface AdminScreen {
  page: PageId & `admin${string}`;
  to: string;
  icon: LucideIcon;
}

/** The back office's screens, in the order of its menu. Every role that gets in sees all of them. */
export const adminScreens: AdminScreen[] = [
  { page: 'admin', to: '/admin', icon: Gauge },
  { page: 'adminUsers', to: '/admin/users', icon: Users },
  { page: 'adminOrders', to: '/admin/orders', icon: ClipboardList },
  { page: 'adminReserved', to: '/admin/reserved', icon: CalendarClock },
  { page: 'adminNetwork', to: '/admin/network', icon: Activity },
  { page: 'adminStations', to: '/admin/stations', icon: MapPin },
  { page: 'adminEvents', to: '/admin/events', icon: History },
  { page: 'adminIssues', to: '/admin/issues', icon: LifeBuoy },
  { page: 'adminCoupons', to: '/admin/coupons', icon: TicketPercent },
  { page: 'adminStatistics', to: '/admin/statistics', icon: BarChart3 },
  { page: 'adminReconciliation', to: '/admin/reconciliation', icon: Scale },
  { page: 'adminHelp', to: '/admin/help', icon: BookOpen },
];
