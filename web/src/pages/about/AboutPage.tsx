import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { LanguageSwitch } from '@/components/language-switch';
import { useSaveLanguage, useSession } from '@/features/session/session';
import { appVersion } from '@/lib/version';

/** /about: what the product is, and which versions are talking to each other. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { info } = useSession();
  const saveLanguage = useSaveLanguage();
  const rows: Array<[string, string]> = [
    [t('about.version'), appVersion],
    [t('about.serverVersion'), info?.appVersion ?? t('about.unavailable')],
  ];
  return (
    <Page page="about">
      <Card className="grid gap-3">
        <p className="text-lg font-medium">{t('app.tagline')}</p>
        <p className="text-muted-foreground">{t('about.body')}</p>
      </Card>
      <Card>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium tabular-nums">{v}</dd>
            </div>
          ))}
          <dt className="self-center text-muted-foreground">{t('about.languages')}</dt>
          <dd>
            <LanguageSwitch long onChosen={saveLanguage} />
          </dd>
        </dl>
      </Card>
    </Page>
  );
}
