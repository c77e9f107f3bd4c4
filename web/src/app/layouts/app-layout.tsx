import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '@/i18n';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { OfflineBanner } from '@/components/offline-banner';
import { Button } from '@/components/ui/button';
import { useSaveLanguage, useSession } from '@/features/session/session';
import { setLanguage, takeLanguageChoice, toLanguage } from '@/i18n';
import { cn } from '@/lib/utils';
import { navItems, tabLabels, visibleNavItems } from '../nav-items';
import { AccountBox } from './account-box';
import { NavList } from './nav-list';
import { PageSuspense } from './page-suspense';

/**
 * AppLayout frames the signed-in app: a sidebar from medium screens up; on phones a
 * top bar, a bottom tab bar with the main entries and a drawer with the whole menu.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const items = visibleNavItems(!!user?.isAdmin || !!user?.isManager);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const saveLanguage = useSaveLanguage();
  const mainRef = useRef<HTMLElement>(null);

  // Spec §9: a signed-in user's own language wins (and is stored locally) when
  // the session starts, unless the user chose one on this device before signing
  // in: that choice becomes the account's (issue 28).
  const userLanguage = user?.language;
  useEffect(() => {
    if (!userLanguage) return;
    const chosen = takeLanguageChoice();
    if (chosen && chosen !== toLanguage(userLanguage)) saveLanguage(chosen === 'et' ? 'et' : 'en');
    else void setLanguage(toLanguage(userLanguage));
    // saveLanguage is a new function each render; the effect is about the account's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userLanguage]);

  // Focus and scroll move to each new page's heading in Page (components/page.tsx):
  // keyed by the page, not the path, which a screen like the timeframe rewrites as the user types.

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        {t('app.skipToContent')}
      </a>

      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r bg-card md:flex">
        <div className="px-5 pt-5 pb-4">
          <Brand />
        </div>
        <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3">
          <NavList items={items} />
        </nav>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t p-3">
          <AccountBox />
          <LanguageSwitch className="justify-self-start" onChosen={saveLanguage} />
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-[calc(3.5rem+env(safe-area-inset-top))] items-center pt-[env(safe-area-inset-top)] justify-between border-b bg-card/90 px-4 backdrop-blur md:hidden">
        <Brand />
        <div className="flex items-center gap-2">
          <LanguageSwitch onChosen={saveLanguage} />
          <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} onClick={() => setDrawerOpen(true)}>
            <Menu className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </header>

      <main id="main" ref={mainRef} tabIndex={-1} className="outline-none md:pl-64">
        {/* Under the phone's top bar, above every screen (issue 26). */}
        <OfflineBanner className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-20 md:top-0" />
        {/* The back office's tables want the width of a laptop; the app's screens stay a readable column. */}
        <div className={cn('mx-auto w-full px-4 pt-6 pb-28 md:px-10 md:pt-12 md:pb-12', location.pathname.startsWith('/admin') ? 'max-w-7xl' : 'max-w-3xl')}>
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </div>
      </main>

      <TabBar onMore={() => setDrawerOpen(true)} />
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <nav aria-label={t('nav.label')}>
          <NavList items={items} onNavigate={() => setDrawerOpen(false)} />
        </nav>
        <div className="mt-4 border-t pt-4">
          <AccountBox onNavigate={() => setDrawerOpen(false)} />
        </div>
      </Drawer>
    </div>
  );
}

function TabBar({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation();
  const tabs = navItems.filter((i) => tabLabels.includes(i.label));
  const tabClass = 'flex flex-col items-center justify-center gap-1 py-2 text-[11px] font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-4 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {tabs.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => cn(tabClass, isActive ? 'text-primary' : 'text-muted-foreground')}
        >
          <Icon className="size-5" aria-hidden="true" />
          {t(`nav.${label}`)}
        </NavLink>
      ))}
      <button type="button" onClick={onMore} className={cn(tabClass, 'text-muted-foreground')}>
        <Menu className="size-5" aria-hidden="true" />
        {t('nav.more')}
      </button>
    </nav>
  );
}

/** Drawer is a modal side sheet on the native <dialog>: focus trap and Escape for free. */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={t('nav.label')}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // a click on the backdrop
      }}
      className="m-0 ml-auto h-dvh max-h-none w-[min(20rem,85vw)] bg-card p-0 text-foreground shadow-xl"
    >
      <div className="flex h-full flex-col p-4">
        <div className="mb-4 flex items-center justify-between">
          <span className="text-sm font-semibold text-muted-foreground">{t('nav.label')}</span>
          <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')} onClick={onClose}>
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto">{children}</div>
      </div>
    </dialog>
  );
}
