import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/page-states';
import { dashboardQuery } from '@/features/admin/api';
import { formatMoney, formatPercent } from '@/lib/format';
import { AdminFrame } from '@/features/admin/frame';
import { useTranslation } from '@/i18n';

interface Tile {
  label: string;
  value: string;
  to: string;
  link: string;
}

/** /admin — today at a glance, each figure leading to the screen that explains it. */
export default function AdminPage() {
  const { t, i18n } = useTranslation('admin');
  const { data, isPending, isError, refetch } = useQuery(dashboardQuery);
  let body;
  if (isPending) body = <LoadingState rows={2} />;
  else if (isError) body = <ErrorState onRetry={() => void refetch()} />;
  else {
    const lng = i18n.language;
    const pct = data.lockersTotal ? Math.round((data.lockersInUse / data.lockersTotal) * 100) : 0;
    const tiles: Tile[] = [
      { label: t('dashboard.bookings'), value: String(data.bookingsToday), to: '/admin/orders', link: t('dashboard.toOrders') },
      { label: t('dashboard.revenue'), value: formatMoney(data.revenueCents, lng), to: '/admin/statistics', link: t('dashboard.toStatistics') },
      {
        label: t('dashboard.occupancy'),
        value: t('dashboard.occupancyValue', { pct: formatPercent(pct, lng, 0), inUse: data.lockersInUse, total: data.lockersTotal }),
        to: '/admin/stations',
        link: t('dashboard.toStations'),
      },
      { label: t('dashboard.holds'), value: String(data.openHolds), to: '/admin/reserved?kind=hold', link: t('dashboard.toReserved') },
      { label: t('dashboard.rentals'), value: String(data.rentalsRunning), to: '/admin/reserved?kind=rental', link: t('dashboard.toReserved') },
      { label: t('dashboard.offline'), value: String(data.stationsOffline), to: '/admin/network', link: t('dashboard.toNetwork') },
      { label: t('dashboard.issues'), value: String(data.openIssues), to: '/admin/issues', link: t('dashboard.toIssues') },
    ];
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t('dashboard.day', { day: data.day })}</p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.label}>
              <Link to={tile.to} className="grid h-full gap-1 rounded-2xl border bg-card p-5 shadow-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring">
                <span className="text-sm text-muted-foreground">{tile.label}</span>
                <span className="text-2xl font-semibold tabular-nums" data-tile={tile.label}>
                  {tile.value}
                </span>
                <span className="text-sm font-medium text-primary">{tile.link}</span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return <AdminFrame page="admin">{body}</AdminFrame>;
}
