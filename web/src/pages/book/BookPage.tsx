import { ArrowRight, MapPin } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { StationList } from '@/features/booking/components/station-list';
import { BookingSteps } from '@/features/booking/components/steps';
import { useSession } from '@/features/session/session';
import { stationsQuery } from '@/queries/stations';

/**
 * /book — the start of booking flow 1. The user's default station is preselected:
 * one tap continues there; the full station list sits below.
 */
export default function BookPage() {
  const { t } = useTranslation('booking');
  const { user } = useSession();
  const stations = useQuery(stationsQuery);
  const preferred = stations.data?.find((s) => s.uuid === user?.defaultStationId);
  return (
    <Page page="book">
      <BookingSteps current="station" />
      <p className="text-muted-foreground">{t('book.lead')}</p>
      {preferred && (
        <Card className="grid gap-4 border-primary/40 bg-primary/5">
          <div className="flex items-start gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground">
              <MapPin className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-primary">{t('book.defaultTitle')}</p>
              <p className="text-lg font-semibold">{preferred.name}</p>
              <p className="text-sm text-muted-foreground">
                {preferred.address}, {preferred.city}
              </p>
            </div>
          </div>
          <Link to={`/book/station/${preferred.uuid}`} className={buttonVariants({ size: 'lg', className: 'w-full sm:w-fit' })}>
            {t('order.continue')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Card>
      )}
      <section className="grid gap-3" aria-labelledby="book-all-stations">
        <h2 id="book-all-stations" className="text-lg font-semibold">
          {preferred ? t('book.otherStation') : t('book.chooseStation')}
        </h2>
        {!user?.defaultStationId && <p className="text-sm text-muted-foreground">{t('book.noDefault')}</p>}
        <StationList defaultStationId={user?.defaultStationId ?? null} />
      </section>
    </Page>
  );
}
