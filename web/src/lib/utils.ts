import { clsx, type ClassValue } from 'clsx';

/**
 * cn joins class names. There is deliberately no tailwind-merge (8 kB gzip in the
 * entry): components pass only classes that do not fight their variants' classes.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
