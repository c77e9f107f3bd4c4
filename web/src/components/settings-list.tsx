import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** SettingsList is a card of rows, each a link to a settings screen or a plain value. */
export function SettingsList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y overflow-hidden rounded-2xl border bg-card shadow-xs">
      {children}
    </ul>
  );
}

interface SettingsRowProps {
  icon?: LucideIcon;
  label: ReactNode;
  value?: ReactNode;
  /** Without `to` the row is a plain value. */
  to?: string;
  destructive?: boolean;
}

export function SettingsRow({ icon: Icon, label, value, to, destructive }: SettingsRowProps) {
  const body = (
    <>
      {Icon && (
        <span
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-lg',
            destructive ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={cn('block font-medium', destructive && 'text-destructive')}>{label}</span>
        {value && <span className="block truncate text-sm text-muted-foreground">{value}</span>}
      </span>
      {to && <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
    </>
  );
  return (
    <li>
      {to ? (
        <Link
          to={to}
          className="flex min-h-16 items-center gap-4 px-4 py-3 outline-none transition-colors hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset md:px-5"
        >
          {body}
        </Link>
      ) : (
        <div className="flex min-h-16 items-center gap-4 px-4 py-3 md:px-5">{body}</div>
      )}
    </li>
  );
}
