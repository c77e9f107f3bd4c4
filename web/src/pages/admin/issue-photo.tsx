import { usePhotoUrl } from '@/features/issues/api';
import { useTranslation } from '@/i18n';

/** IssuePhoto is the photo a user attached, fetched with the operator's token (the server checks the role). */
export function IssuePhoto({ photoRef }: { photoRef: string }) {
  const { t } = useTranslation('admin');
  const { url, isError } = usePhotoUrl(photoRef);
  if (isError) return <span className="text-sm text-muted-foreground">{t('issues.photoFailed')}</span>;
  if (!url) return <span className="text-sm text-muted-foreground">…</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={t('issues.photoAlt')} data-issue-photo className="max-h-72 w-auto rounded-xl border object-contain" />
    </a>
  );
}
