/**
 * Registration and password reset span several screens. What one step hands to the
 * next — the e-mail, when a new code may be asked for, the verification token — lives
 * in sessionStorage: it survives a reload of the tab but never appears in the URL
 * (where it would land in history and logs) and dies with the tab.
 */
export type Flow = 'register' | 'reset';

export interface FlowState {
  email: string;
  /** ISO time after which auth.recall may send a new code. */
  resendAt?: string;
  /** Proof of the verified code, spent by auth.setPassword. */
  verificationToken?: string;
}

const key = (flow: Flow) => `account-flow:${flow}`;

export function readFlow(flow: Flow, store: Storage = sessionStorage): FlowState | null {
  try {
    const raw = store.getItem(key(flow));
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || typeof (v as FlowState).email !== 'string') return null;
    return v as FlowState;
  } catch {
    return null;
  }
}

/** writeFlow replaces the state of a flow (merge with readFlow first to keep fields). */
export function writeFlow(flow: Flow, state: FlowState, store: Storage = sessionStorage): void {
  try {
    store.setItem(key(flow), JSON.stringify(state));
  } catch {
    // Storage disabled: the flow still works within this page view.
  }
}

export function updateFlow(flow: Flow, patch: Partial<FlowState>, store: Storage = sessionStorage): void {
  const cur = readFlow(flow, store);
  if (cur) writeFlow(flow, { ...cur, ...patch }, store);
}

export function clearFlow(flow: Flow, store: Storage = sessionStorage): void {
  try {
    store.removeItem(key(flow));
  } catch {
    // Nothing to clear.
  }
}
