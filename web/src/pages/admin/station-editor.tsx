import { useState } from 'react';
import type { AdminStation } from '@/api/generated/app-router';
import { useUpdateStation } from '@/features/admin/api';
import { adminErrorText, isStale } from '@/features/admin/errors';
import { useTranslation } from '@/i18n';
import { StationForm } from './station-forms';

/**
 * StationEditor is the station detail's form for the station's own fields. It remembers the
 * version the operator's edits started from, so a colleague's save arriving on screen never
 * replaces what was typed: this operator's save is refused as stale, the form then shows theirs
 * beside the typed values, and the next save goes over the version now on screen.
 */
export function StationEditor({ station, onStale }: { station: AdminStation; onStale: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateStation();
  const [saved, setSaved] = useState(false);
  // The version this form's edits started from: the one on screen when it opened, then each saved one.
  const [base, setBase] = useState(station.version);
  const conflict = isStale(update.error) && station.version !== base;
  return (
    <>
      {saved && !update.isPending && (
        <p role="status" className="text-sm font-medium text-emerald-700">
          {t('stations.saved')}
        </p>
      )}
      <StationForm
        initial={station.station}
        pending={update.isPending}
        error={update.error ? adminErrorText(update.error, t) : null}
        failure={update.error}
        theirs={conflict ? station.station : null}
        onSave={(fields) =>
          update.mutate(
            // After a stale save the operator has seen theirs: this save goes over the version on screen.
            { stationUuid: station.uuid, station: fields, version: conflict ? station.version : base },
            {
              onSuccess: (row) => {
                setSaved(true);
                setBase(row.version);
              },
              onError: (err) => void (isStale(err) && onStale()),
            },
          )
        }
      />
    </>
  );
}
