import { Page } from '@/components/page';
import { BookingSteps } from '@/features/booking/components/steps';
import { StationList } from '@/features/booking/components/station-list';

/** /book/station — every active station, searchable, on a tile-free map and as a list. */
export default function BookStationsPage() {
  return (
    <Page page="bookStations">
      <BookingSteps current="station" />
      <StationList />
    </Page>
  );
}
