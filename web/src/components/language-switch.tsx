import { useTranslation } from '@/i18n';
import { chooseLanguage, languages, toLanguage, type Language } from '@/i18n';
import { cn } from '@/lib/utils';

// Each language is named in itself, so a reader of either can find theirs.
const names: Record<Language, { short: string; long: string }> = {
  'en-US': { short: 'EN', long: 'English' },
  et: { short: 'ET', long: 'Eesti' },
};

/**
 * LanguageSwitch toggles the app language; the choice is stored on this device, and
 * onChosen hears of it (the app saves it to a signed-in user's account). A choice made
 * signed out is saved to the account at the next sign-in (AppLayout).
 */
export function LanguageSwitch({
  className,
  long = false,
  onChosen,
}: {
  className?: string;
  long?: boolean;
  onChosen?: (language: 'en' | 'et') => void;
}) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.language);
  return (
    <div role="group" aria-label={t('language.label')} className={cn('inline-flex rounded-lg border bg-muted p-0.5', className)}>
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={current === lng}
          onClick={() => {
            void chooseLanguage(lng);
            onChosen?.(lng === 'et' ? 'et' : 'en');
          }}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-semibold outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
            current === lng ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
            long && 'px-4 py-2 text-sm',
          )}
        >
          {/* The accessible name starts with the visible "EN"/"ET" (WCAG 2.5.3) and goes on with the full name. */}
          {long ? (
            names[lng].long
          ) : (
            <>
              {names[lng].short}
              <span className="sr-only"> {names[lng].long}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
