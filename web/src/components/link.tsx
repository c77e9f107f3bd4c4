import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNav } from './nav';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** Link is an in-app link to an absolute path; a modified or middle click is left to the browser. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const { navigate } = useNav();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (props.target && props.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
  return <a {...props} href={to} onClick={click} />;
}
