import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../page';
import { buttonVariants } from '../ui/button';

interface NotFoundStateProps {
  /** What is missing, e.g. "This order does not exist or is not yours." */
  message: string;
  /** The way back: where to, and the link's text. */
  back: { to: string; label: string };
}

/**
 * NotFoundState replaces a screen whose subject does not exist (or is not the user's:
 * the server answers *_NOT_FOUND for both) and leads back to where the user can go on.
 */
export function NotFoundState({ message, back }: NotFoundStateProps) {
  return (
    <Card className="grid justify-items-start gap-4">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Link to={back.to} className={buttonVariants({ variant: 'outline' })}>
        {back.label}
      </Link>
    </Card>
  );
}
