import { useTranslation } from 'react-i18next';
import { Card, Page } from '@/components/page';
import { LanguageSwitch } from '@/components/language-switch';

/**
 * /profile/language: the app language, stored on this device. Saving it to the
 * account (auth.update) comes with the profile screens.
 */
export default function ProfileLanguagePage() {
  const { t } = useTranslation();
  return (
    <Page page="profileLanguage">
      <Card className="grid gap-4">
        <p className="text-muted-foreground">{t('language.choose')}</p>
        <LanguageSwitch long className="self-start" />
      </Card>
    </Page>
  );
}
