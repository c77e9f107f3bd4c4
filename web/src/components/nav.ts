import { createContext, useContext } from 'react';

/**
 * The navigation the first screen needs, without the router. The sign-in screen
 * renders before react-router has arrived (src/boot/start.tsx): its components
 * (LoginPage, the plain layout's frame, Brand) take navigate and the location from
 * here and their links from components/link.tsx. Under the router app/router-nav.tsx
 * provides them from react-router; on the first screen app/sign-in-screen.tsx does,
 * handing any navigation to the router once it has loaded. Neither module may
 * import react-router.
 */
export interface NavLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The history entry's state (react-router keeps it in history.state.usr). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Nav {
  location: NavLocation;
  navigate: (to: string, options?: NavigateOptions) => void;
}

const NavContext = createContext<Nav | null>(null);

export const NavProvider = NavContext.Provider;

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('no navigation: render under the router (app/router-nav.tsx) or the sign-in screen (app/sign-in-screen.tsx)');
  return nav;
}

export function useNavigate(): Nav['navigate'] {
  return useNav().navigate;
}

export function useLocation(): NavLocation {
  return useNav().location;
}
