// The audit's before/after as a reader wants it: only what changed, one line per
// field ("roles: — → ADMIN"), long texts cut, instead of two raw JSON objects (a help
// article's save was a 713 px row).

export interface DiffLine {
  field: string;
  before: string;
  after: string;
}

const maxText = 80;

function parse(json: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { value: json };
  }
}

/** flatten turns nested objects into dotted fields ("body.en"); arrays and scalars are values. */
function flatten(v: Record<string, unknown>, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  for (const [k, x] of Object.entries(v)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (x && typeof x === 'object' && !Array.isArray(x)) flatten(x as Record<string, unknown>, key, out);
    else out.set(key, x);
  }
  return out;
}

/** show words one value: '—' for none, lists joined, long text cut with an ellipsis. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  let s: string;
  if (Array.isArray(v)) s = v.length === 0 ? '—' : v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  return s.length > maxText ? `${s.slice(0, maxText - 1)}…` : s;
}

/** RawChange is one changed field with its stored values; a side that does not name the field is absent. */
export interface RawChange {
  field: string;
  before: unknown;
  after: unknown;
  inBefore: boolean;
  inAfter: boolean;
}

/** auditChanges lists the fields whose stored value differs between before and after, in a stable order. */
export function auditChanges(before: string, after: string): RawChange[] {
  const b = flatten(parse(before));
  const a = flatten(parse(after));
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const out: RawChange[] = [];
  for (const field of fields) {
    const x = b.get(field);
    const y = a.get(field);
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    out.push({ field, before: x, after: y, inBefore: b.has(field), inAfter: a.has(field) });
  }
  return out;
}

/** auditDiff lists the fields whose value differs between before and after, as plain text. */
export function auditDiff(before: string, after: string): DiffLine[] {
  return auditChanges(before, after).map((c) => ({ field: c.field, before: showValue(c.before), after: showValue(c.after) }));
}
