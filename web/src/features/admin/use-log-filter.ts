import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { findUserByEmail } from './api';

type Values<K extends string> = Record<K, string>;

/**
 * useLogFilter is the filter of a log screen (events, activity, audit): the applied
 * filter lives in the URL, so a filtered log can be shared; the form is edited apart
 * from it and applied at once. A field named "email" is looked up and applied as the
 * user's id (?user=), because the logs filter by user, not by address; an address that
 * belongs to no one sets userMissing instead of applying. `tab` is the ?log= value that
 * keeps the screen on its tab.
 */
export function useLogFilter<K extends string>(keys: readonly K[], tab?: string) {
  const [params, setParams] = useSearchParams();
  const blank = () => Object.fromEntries(keys.map((k) => [k, ''])) as Values<K>;
  const applied = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Values<K>;
  const [form, setForm] = useState(applied);
  const [userMissing, setUserMissing] = useState(false);
  const base: Record<string, string> = tab ? { log: tab } : {};

  const set = (k: K) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const apply = async () => {
    setUserMissing(false);
    const next: Record<string, string> = { ...base };
    for (const k of keys) next[k] = form[k].trim();
    if (next.email) {
      const found = await findUserByEmail(next.email);
      if (!found) return setUserMissing(true);
      next.user = found.uuid;
    }
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const clear = () => {
    setUserMissing(false);
    setForm(blank());
    setParams(base);
  };
  return { applied, userUuid: params.get('user') ?? '', form, set, apply, clear, userMissing };
}
