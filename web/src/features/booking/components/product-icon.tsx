import { Snowflake, Sun, Thermometer } from 'lucide-react';
import { cn } from '@/lib/utils';

const looks = {
  cool: { icon: Snowflake, className: 'bg-sky-100 text-sky-800' },
  neutral: { icon: Thermometer, className: 'bg-secondary text-secondary-foreground' },
  warm: { icon: Sun, className: 'bg-orange-100 text-orange-800' },
} as const;

/** ProductIcon marks a locker's temperature; big lockers get a taller tile. */
export function ProductIcon({ temperature, height }: { temperature: 'cool' | 'neutral' | 'warm'; height: 'small' | 'big' }) {
  const { icon: Icon, className } = looks[temperature];
  return (
    <span
      aria-hidden="true"
      className={cn('grid w-11 shrink-0 place-items-center rounded-xl', height === 'big' ? 'h-14' : 'h-11', className)}
    >
      <Icon className="size-5" />
    </span>
  );
}
