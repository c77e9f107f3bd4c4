import { Delete, DoorOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { useQuery } from '@tanstack/react-query';
import type { KioskView } from '@/api/generated/app-router';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { stationQuery } from '@/features/booking/api';
import { useKioskEnter } from '@/features/doors/api';
import { useCountdown } from '@/lib/use-countdown';

const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** How long "Door A12 is open" stays before the keypad is ready for the next person. */
const showOpenFor = 15_000;

/**
 * /kiosk/:stationUuid — the keypad at a station, full screen and without sign-in:
 * a courier or recipient types a code and the screen says which door opened.
 * Wrong codes count; after too many the keypad is locked with a countdown.
 */
export default function KioskPage() {
  const { t } = useTranslation('booking');
  const { stationUuid = '' } = useParams();
  const station = useQuery({ ...stationQuery(stationUuid), meta: { silent: true } });
  if (station.isError) {
    return (
      <Page page="kiosk">
        {/* A mistyped or retired station: the way on is the station list, not a locker (issue 28). */}
        <NotFoundState message={t('kiosk.unknownStation')} back={{ to: '/book/station', label: t('kiosk.toStations') }} />
      </Page>
    );
  }
  return (
    <Page page="kiosk" className="mx-auto w-full max-w-md">
      {station.data && <p className="text-lg text-muted-foreground">{station.data.name}</p>}
      <Keypad stationUuid={stationUuid} />
    </Page>
  );
}

function Keypad({ stationUuid }: { stationUuid: string }) {
  const { t } = useTranslation('booking');
  const enter = useKioskEnter(stationUuid);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<KioskView | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const locked = useCountdown(lockedUntil);

  // The opened door's message clears by itself for the next person.
  useEffect(() => {
    if (!result?.opened) return;
    const id = setTimeout(() => setResult(null), showOpenFor);
    return () => clearTimeout(id);
  }, [result]);

  const submit = () => {
    if (code.length !== 6) return;
    enter.mutate(code, {
      onSuccess: (r) => {
        setResult(r);
        setCode('');
        setLockedUntil(r.lockedForSeconds > 0 ? Date.now() + r.lockedForSeconds * 1000 : null);
      },
      onError: () => setCode(''),
    });
  };
  const press = (d: string) => setCode((c) => (c.length < 6 ? c + d : c));
  const erase = () => setCode((c) => c.slice(0, -1));
  const disabled = locked > 0 || enter.isPending;

  // A station terminal may have a physical keyboard (issue 28): digits type, Backspace
  // erases, Escape clears and Enter opens, as the on-screen keys do. Keys meant for a
  // focused control (Enter on a button) are left to it.
  const keys = useRef({ press, erase, submit, disabled });
  useEffect(() => {
    keys.current = { press, erase, submit, disabled };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = keys.current;
      if (k.disabled) return;
      const onControl = e.target instanceof HTMLElement && e.target.closest('button, a, input, textarea, select');
      if (/^[0-9]$/.test(e.key)) k.press(e.key);
      else if (e.key === 'Backspace') k.erase();
      else if (e.key === 'Escape') setCode('');
      else if (e.key === 'Enter' && !onControl) k.submit();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="grid gap-4">
      <p className="text-xl font-semibold">{t('kiosk.title')}</p>
      <p className="text-sm text-muted-foreground">{t('kiosk.hint')}</p>
      <output
        aria-label={t('kiosk.title')}
        className="h-16 rounded-2xl border bg-card text-center font-mono text-4xl leading-[4rem] tracking-[0.4em] tabular-nums"
        data-testid="kiosk-display"
      >
        {code.replace(/./g, '•')}
      </output>
      {locked > 0 && <Notice tone="error">{t('kiosk.locked', { seconds: locked })}</Notice>}
      {locked === 0 && result?.opened && (
        <Notice tone="success" className="text-lg">
          <span className="flex items-center gap-2">
            <DoorOpen aria-hidden="true" />
            {t('kiosk.isOpen', { label: result.label ?? '' })}
          </span>
          <span className="block text-sm font-normal">{t('kiosk.isOpenBody')}</span>
        </Notice>
      )}
      {locked === 0 && result && !result.opened && result.lockedForSeconds === 0 && (
        <Notice tone="warning">{t('kiosk.wrong', { count: result.attemptsLeft })}</Notice>
      )}
      {enter.isError && <Notice tone="error">{t('kiosk.failed')}</Notice>}
      <div className="grid grid-cols-3 gap-3" role="group" aria-label={t('kiosk.title')}>
        {digits.map((d) => (
          <Button key={d} variant="outline" className="h-16 text-2xl" disabled={disabled} aria-label={t('kiosk.digit', { digit: d })} onClick={() => press(d)}>
            {d}
          </Button>
        ))}
        <Button variant="ghost" className="h-16" disabled={disabled} onClick={() => setCode('')}>
          {t('kiosk.clear')}
        </Button>
        <Button variant="outline" className="h-16 text-2xl" disabled={disabled} aria-label={t('kiosk.digit', { digit: '0' })} onClick={() => press('0')}>
          0
        </Button>
        <Button variant="ghost" className="h-16" disabled={disabled} aria-label={t('kiosk.erase')} onClick={erase}>
          <Delete aria-hidden="true" />
        </Button>
      </div>
      <Button size="lg" className="h-16 text-xl" disabled={disabled || code.length !== 6} loading={enter.isPending} onClick={submit}>
        {enter.isPending ? t('kiosk.opening') : t('kiosk.enter')}
      </Button>
    </div>
  );
}
