import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { RadioCards } from '@/components/ui/radio-cards';
import { toast } from '@/components/ui/toast-store';
import { useUpdateAccount } from '@/features/account/api';
import { languageNames, serverLanguage } from '@/features/account/language-names';
import { languages, setLanguage, toLanguage, type Language } from '@/i18n';

/**
 * /profile/language: the app switches at once; the choice is then saved to the
 * account so that e-mails, SMS and other devices use it too.
 */
export default function ProfileLanguagePage() {
  const { t, i18n } = useTranslation('account');
  const current = toLanguage(i18n.language);
  // The choice shows at once, even while the other language's texts are still loading.
  const [chosen, setChosen] = useState<Language | null>(null);

  const save = useUpdateAccount();

  const choose = async (value: string) => {
    const lng = toLanguage(value);
    setChosen(lng);
    await setLanguage(lng);
    save.mutate(
      { language: serverLanguage(lng) },
      { onSuccess: () => toast({ text: () => ({ description: i18n.t('language.saved', { ns: 'account' }) }) }) },
    );
  };

  return (
    <>
      <BackLink to="/profile" />
      <Page page="profileLanguage" className="mt-4">
        <p className="-mt-3 text-muted-foreground">{t('language.lead')}</p>
        <RadioCards
          name="language"
          label={t('profile.language')}
          value={chosen ?? current}
          onChange={(v) => void choose(v)}
          options={languages.map((lng) => ({
            value: lng,
            lang: lng,
            title: languageNames[lng],
            aside: (
              <span className="rounded-md bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground uppercase">
                {lng === 'et' ? 'ET' : 'EN'}
              </span>
            ),
          }))}
        />
      </Page>
    </>
  );
}
