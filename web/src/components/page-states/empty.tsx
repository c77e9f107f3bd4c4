import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../page';

/** EmptyState is a friendly "nothing here yet", with the next step when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-4 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Inbox className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-sm text-muted-foreground">{message}</p>
      {action}
    </Card>
  );
}
