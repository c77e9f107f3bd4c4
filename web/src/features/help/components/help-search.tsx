import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card } from '@/components/page';
import { ErrorState, InlineLoading } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { AppError } from '@/lib/errors';
import { helpSearchQuery } from '../api';
import { fieldLimits } from '@/lib/field-limits';
import { helpLang, pick } from '../lang';

const maxQuery = fieldLimits.helpQuery;

/**
 * HelpSearch is the help centre's search box and its results. The query lives in
 * the address (?q=), so a result opened and left with Back shows the same list;
 * typing searches after a short pause.
 */
export function HelpSearch() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const id = useId();
  // The address changed (Back, "Clear search"): the box follows it.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setText(query);
  }
  useEffect(() => {
    if (text.trim() === query.trim()) return;
    const timer = setTimeout(() => setParams(text.trim() ? { q: text } : {}, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [text, query, setParams]);

  return (
    <section className="grid gap-3" aria-label={t('search.label')}>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text } : {}, { replace: true });
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={id}
            type="search"
            name="q"
            value={text}
            maxLength={maxQuery}
            placeholder={t('search.placeholder')}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {query.trim() !== '' && <Results query={query.trim()} onClear={() => setParams({}, { replace: true })} />}
    </section>
  );
}

/** Results are the articles matching query, best first. */
function Results({ query, onClear }: { query: string; onClear: () => void }) {
  const { t, i18n } = useTranslation('help');
  const q = useQuery(helpSearchQuery(query, helpLang(i18n.language)));
  if (q.isPending) return <InlineLoading />;
  if (q.isError) {
    const tooLong = AppError.from(q.error).appCode === 'BAD_INPUT';
    return <ErrorState message={tooLong ? t('search.tooLong') : undefined} onRetry={tooLong ? undefined : () => void q.refetch()} />;
  }
  return (
    <div className="grid gap-3" data-testid="help-results" aria-live="polite">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('search.results', { query })}</h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          {t('search.clear')}
        </Button>
      </div>
      {q.data.length === 0 ? (
        <Card>
          <p className="text-muted-foreground">{t('search.none', { query })}</p>
        </Card>
      ) : (
        <ul className="grid gap-2">
          {q.data.map((hit) => (
            <li key={hit.path}>
              <Link
                to={`/help/content/${hit.path}`}
                className="grid gap-1 rounded-2xl border bg-card px-4 py-3 shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="font-medium text-primary">{pick(hit.title, i18n.language)}</span>
                <span className="line-clamp-2 text-sm text-muted-foreground">{hit.snippet}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
