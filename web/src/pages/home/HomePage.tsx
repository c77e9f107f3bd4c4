import { CalendarPlus, ChevronRight, LifeBuoy, Package, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/features/session/session';

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('pages.home.title'));
  const tiles: Array<{ to: string; icon: LucideIcon; title: string; body: string }> = [
    { to: '/book', icon: CalendarPlus, title: t('home.bookTitle'), body: t('home.bookBody') },
    { to: '/orders', icon: Package, title: t('home.ordersTitle'), body: t('home.ordersBody') },
    { to: '/help', icon: LifeBuoy, title: t('home.helpTitle'), body: t('home.helpBody') },
  ];
  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {user?.firstName ? t('home.greeting', { name: user.firstName }) : t('home.greetingAnonymous')}
        </h1>
        <p className="text-muted-foreground">{t('home.lead')}</p>
      </header>
      <p className="flex items-center gap-2 rounded-xl bg-secondary px-4 py-3 text-sm font-medium text-secondary-foreground">
        <Sparkles className="size-4 shrink-0" aria-hidden="true" />
        {t('home.freeOrders')}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {tiles.map(({ to, icon: Icon, title, body }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-4 rounded-2xl border bg-card p-4 shadow-xs outline-none transition hover:border-primary/40 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{title}</span>
                <span className="block text-sm text-muted-foreground">{body}</span>
              </span>
              <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
