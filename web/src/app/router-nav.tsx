import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavProvider, type Nav } from '@/components/nav';

/** RouterNav gives the router-free components (app/nav.tsx) react-router's navigation. */
export function RouterNav({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const nav = useMemo<Nav>(() => ({ location, navigate: (to, options) => void navigate(to, options) }), [location, navigate]);
  return <NavProvider value={nav}>{children}</NavProvider>;
}
