import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Card, Page, type PageId } from '@/components/page';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { adminScreens } from './screens';

/**
 * AdminFrame is every back-office screen: its title, the back office's own menu (a
 * scrolling strip on a phone) and the content.
 */
export function AdminFrame({ page, children }: { page: PageId; children: ReactNode }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  return (
    <Page page={page}>
      <nav aria-label={ta('menu')} className="-mx-4 -mt-2 overflow-x-auto px-4 md:mx-0 md:px-0">
        <ul className="flex gap-1.5 md:flex-wrap">
          {adminScreens.map((s) => (
            <li key={s.to}>
              <NavLink
                end
                to={s.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap hover:bg-accent',
                    isActive ? 'border-primary bg-primary text-primary-foreground hover:bg-primary/90' : 'bg-card',
                  )
                }
              >
                <s.icon className="size-4" aria-hidden="true" />
                {s.page === 'admin' ? ta('overview') : t(`pages.${s.page}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </Page>
  );
}

/** Section is a titled part of a screen (a user's orders, a station's compartments). */
export function Section({ title, actions, children, className }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Facts is a card of labelled values (an order's or a user's details). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Card>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="min-w-0 font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const tones = {
  neutral: 'bg-secondary text-secondary-foreground',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-destructive/10 text-destructive',
} as const;

/** Badge is a short state label (a status, a role); wrap lets a sentence-long one wrap on a narrow screen. */
export function Badge({ tone = 'neutral', wrap = false, children }: { tone?: keyof typeof tones; wrap?: boolean; children: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', wrap ? 'max-w-full' : 'whitespace-nowrap', tones[tone])}>{children}</span>
  );
}
