import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Boxes, CalendarPlus, MapPin, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { ErrorState, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { couponsQuery, ordersQuery } from '@/features/booking/api';
import { OrderCard } from '@/features/booking/components/order-card';
import { freeOrdersLeft } from '@/features/booking/coupons';
import { useSession } from '@/features/session/session';
import { usePageTitle } from '@/lib/use-page-title';
import { stationsQuery } from '@/queries/stations';

/**
 * Home — active orders first (their codes are what a user comes back for), then one
 * clear way to book, starting at the default station when there is one.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('booking');
  const { user } = useSession();
  usePageTitle(t('pages.home.title'));
  const active = useQuery(ordersQuery('active'));
  const stations = useQuery(stationsQuery);
  const coupons = useQuery(couponsQuery);
  const preferred = stations.data?.find((s) => s.uuid === user?.defaultStationId);
  const free = coupons.data ? freeOrdersLeft(coupons.data) : 0;

  return (
    <section className="grid gap-6" data-page="home">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {user?.firstName ? t('home.greeting', { name: user.firstName }) : t('home.greetingAnonymous')}
        </h1>
        <p className="text-muted-foreground">{t('home.lead')}</p>
      </header>

      <section className="grid gap-3" aria-labelledby="home-active">
        <div className="flex items-center justify-between gap-3">
          <h2 id="home-active" className="text-lg font-semibold">
            {tb('home.activeOrders')}
          </h2>
          {active.data && active.data.length > 0 && (
            <Link to="/orders/active" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {tb('home.seeAll')}
            </Link>
          )}
        </div>
        {active.isPending && <LoadingState rows={1} />}
        {active.isError && <ErrorState onRetry={() => void active.refetch()} />}
        {active.data?.length === 0 && (
          <p className="rounded-2xl border border-dashed bg-card px-4 py-5 text-sm text-muted-foreground">{tb('home.noActive')}</p>
        )}
        {active.data && active.data.length > 0 && (
          <ul className="grid gap-3">
            {active.data.slice(0, 3).map((o) => (
              <li key={o.uuid}>
                <OrderCard order={o} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-4 rounded-2xl bg-primary p-5 text-primary-foreground shadow-sm md:p-6" aria-labelledby="home-book">
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/15">
            <CalendarPlus className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="home-book" className="text-lg font-semibold">
              {tb('home.book')}
            </h2>
            {preferred ? (
              <p className="flex items-center gap-1 text-sm text-primary-foreground">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                {preferred.name}
              </p>
            ) : (
              <p className="text-sm text-primary-foreground">{t('home.bookBody')}</p>
            )}
            {free > 0 && <p className="mt-1 text-sm font-medium">{tb('home.freeLeft', { count: free })}</p>}
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link
            to={preferred ? `/book/station/${preferred.uuid}` : '/book/station'}
            className={buttonVariants({ size: 'lg', variant: 'secondary', className: 'w-full sm:w-fit' })}
            data-testid="home-book"
          >
            {preferred ? tb('home.bookAt', { station: preferred.name }) : tb('home.chooseStation')}
            <ArrowRight aria-hidden="true" />
          </Link>
          {preferred && (
            <Link to="/book/station" className={buttonVariants({ size: 'lg', variant: 'ghost', className: 'w-full text-primary-foreground hover:bg-white/10 hover:text-primary-foreground sm:w-fit' })}>
              {tb('book.otherStation')}
            </Link>
          )}
        </div>
      </section>

      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link to="/coupons" className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-xs outline-none transition hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring">
            <Ticket className="size-5 text-primary" aria-hidden="true" />
            <span className="font-medium">{tb('home.promotions')}</span>
          </Link>
        </li>
        <li>
          <Link to="/products" className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-xs outline-none transition hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring">
            <Boxes className="size-5 text-primary" aria-hidden="true" />
            <span className="font-medium">{tb('home.products')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
