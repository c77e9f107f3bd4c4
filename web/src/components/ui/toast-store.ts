import { toastDuration, type ToastTimingInput } from './toast-timing';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput extends ToastTimingInput {
  title?: string;
  description?: string;
  /**
   * The texts, read again whenever the toast renders: pass this instead of title and
   * description for a translated message, so that it shows in the language of the
   * screen even when the language changes while it is up (issue 14).
   */
  text?: () => { title?: string; description?: string };
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: number;
  variant: ToastVariant;
  /** Milliseconds until it closes by itself (Infinity when disabled). */
  durationMs: number;
}

type Listener = () => void;

// At most one toast is visible (spec §5): showing a new one replaces the current one.
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

/** toast shows a message, replacing any visible one, and returns its id. */
export function toast(input: ToastInput): number {
  clearTimeout(timer);
  const id = nextId++;
  const durationMs = toastDuration(input.text ? { ...input, ...input.text() } : input);
  current = { ...input, id, variant: input.variant ?? 'default', durationMs };
  if (Number.isFinite(durationMs)) timer = setTimeout(() => dismiss(id), durationMs);
  emit();
  return id;
}

/** dismiss closes the toast with this id (or whichever is visible without an id). */
export function dismiss(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

export function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function currentToast(): Toast | null {
  return current;
}
