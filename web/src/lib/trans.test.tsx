import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, I18nProvider, Trans, useTranslation, type Resources } from '@/i18n';
import enAccount from '@/locales/en/account';
import etAccount from '@/locales/et/account';

// Trans turns a text's <tags> into elements around their words, after the
// {{placeholders}} are filled, in whichever language is chosen.
function Lead() {
  const { t } = useTranslation('account');
  return (
    <p>
      <Trans t={t} i18nKey="verify.lead" values={{ email: 'mari@example.com' }} components={{ strong: <strong /> }} />
    </p>
  );
}

function renderIn(lng: 'en-US' | 'et') {
  const i18n = createI18n(
    { 'en-US': { account: enAccount } as unknown as Resources, et: { account: etAccount } as unknown as Resources },
    lng,
  );
  return render(
    <I18nProvider value={i18n}>
      <Lead />
    </I18nProvider>,
  );
}

describe('Trans', () => {
  it('wraps a tagged placeholder in its element (English)', () => {
    const { container } = renderIn('en-US');
    expect(container.querySelector('strong')?.textContent).toBe('mari@example.com');
    expect(container.textContent).toBe('We sent a 6-digit code to mari@example.com. Enter it below.');
    expect(container.innerHTML).not.toContain('&lt;strong');
  });

  it('does the same in Estonian', () => {
    const { container } = renderIn('et');
    expect(container.querySelector('strong')?.textContent).toBe('mari@example.com');
    expect(container.textContent).toBe('Saatsime 6-kohalise koodi aadressile mari@example.com. Sisesta see allpool.');
  });
});
