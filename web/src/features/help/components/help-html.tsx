import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/utils';

// Markdown's tags, styled: the server sends only these (goldmark without raw HTML).
const prose = cn(
  'grid gap-4 leading-relaxed text-foreground',
  '[&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold',
  '[&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-6 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:pl-6',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_table]:w-full [&_table]:text-sm [&_td]:border-b [&_td]:py-1.5 [&_th]:border-b [&_th]:py-1.5 [&_th]:text-left',
);

/**
 * HelpHTML shows an article or section text. The HTML comes from the server's Markdown renderer, which drops raw HTML
 * and unsafe addresses (docs/decisions/054-help-centre.md), so setting it is safe. Links inside the app go through
 * the router instead of reloading the page.
 */
export function HelpHTML({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(href);
  };
  // Safe: server-rendered without raw HTML (see above).
  return <div className={cn(prose, className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
