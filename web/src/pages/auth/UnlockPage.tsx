import { LockOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { textLink } from '@/components/ui/text-link';
import { useUnlock } from '@/features/account/api';
import { AuthFrame } from '@/features/account/auth-frame';
import { codeOf } from '@/features/account/errors';

/**
 * /login/unlock#TOKEN: the link e-mailed to an account's owner when strangers'
 * failed sign-ins have locked it (docs/security.md). The token travels in the
 * fragment, so it never reaches a server log or a Referer; the page spends it
 * once, which lets this device sign in with the password again.
 */
export default function UnlockPage() {
  const { t } = useTranslation('account');
  const [token] = useState(() => window.location.hash.slice(1));
  const unlock = useUnlock();
  const { mutate } = unlock;
  const sent = useRef(false); // a link works once: never spend it twice (StrictMode runs effects twice)

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token, {
      // Spent: the token leaves the address bar (a reload would only say it was used).
      onSuccess: () => window.history.replaceState(window.history.state, '', window.location.pathname),
    });
  }, [token, mutate]);

  const failed = !token || unlock.isError;
  const message = unlock.isSuccess
    ? t('unlock.done')
    : failed
      ? t(codeOf(unlock.error) === 'TOO_MANY_REQUESTS' ? 'unlock.tooMany' : 'unlock.invalid')
      : t('unlock.working');

  return (
    <AuthFrame page="unlock">
      <div className="grid justify-items-center gap-4 text-center" aria-live="polite">
        <span className="grid size-14 place-items-center rounded-full bg-secondary text-primary">
          <LockOpen className="size-7" aria-hidden="true" />
        </span>
        {failed ? (
          <FormAlert>
            <p>{message}</p>
          </FormAlert>
        ) : (
          <p className="max-w-sm text-balance">{message}</p>
        )}
        {(unlock.isSuccess || failed) && (
          <div className="grid w-full max-w-sm gap-3">
            <Link to="/login" className={buttonVariants({ size: 'lg' })}>
              {t('unlock.signIn')}
            </Link>
            {failed && (
              <Link to="/reset" className={textLink}>
                {t('unlock.reset')}
              </Link>
            )}
          </div>
        )}
      </div>
    </AuthFrame>
  );
}
