import { Page } from '@/components/page';
import { StationList } from '@/features/booking/components/station-list';
import { BookingSteps } from '@/features/booking/components/steps';
import { useSession } from '@/features/session/session';

/** /book/station — every active station, searchable, on a tile-free map and as a list. */
export default function BookStationsPage() {
  const { user } = useSession();
  return (
    <Page page="bookStations">
      <BookingSteps current="station" />
      <StationList defaultStationId={user?.defaultStationId ?? null} />
    </Page>
  );
}
