// The audit as an operator reads it: one sentence per entry in their language ("ada@example.com
// extended order 3f2a9c1e") and each change in display units (money as money, instants on the
// station's clock with its zone, states by their names) instead of stored keys and UTC nanoseconds.
import type { AdminAudit } from '@/api/generated/app-router';
import type { TFunction } from '@/i18n';
import { auditChanges, showValue } from './audit-diff';
import { formatInZone, formatMoney } from '@/lib/format';

/** The actions the audit names in a sentence of their own; any other reads as "did <action> to". */
const sentenceActions = new Set([
  'admin.orders.extend',
  'admin.orders.refund',
  'admin.orders.delete',
  'admin.reserved.free',
  'admin.users.block',
  'admin.users.unblock',
  'admin.users.delete',
  'admin.users.grantRole',
  'admin.users.revokeRole',
  'admin.stations.create',
  'admin.stations.update',
  'admin.stations.setPrices',
  'admin.stations.addCompartment',
  'admin.stations.updateCompartment',
  'admin.stations.openDoor',
  'admin.stations.credentials',
  'admin.coupons.createPack',
  'admin.coupons.grant',
  'admin.help.save',
  'admin.issues.update',
  'cli.grantRole',
]);

/** actorName names who made an audited change: the operator by e-mail, or the command line. */
export function actorName(t: TFunction<'admin'>, a: AdminAudit): string {
  if (a.actorEmail) return a.actorEmail;
  if (a.actorUuid) return t('audit.formerOperator');
  return a.action.startsWith('cli.') ? t('audit.commandLine') : t('audit.system');
}

/** shortId is an id's first eight characters: enough to tell entries apart in a sentence (the row links the whole id). */
function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/** auditSentence says who did what to which target, in the operator's language. */
export function auditSentence(t: TFunction<'admin'>, a: AdminAudit): string {
  const vars = { who: actorName(t, a), target: shortId(a.targetId), action: a.action };
  if (!sentenceActions.has(a.action)) return t('audit.did.other', vars);
  return t(`audit.did.${a.action.replace(/\./g, '_')}` as 'audit.did.other', vars);
}

/**
 * lowerFirst turns a stored field name into the screen's key: records written from Go structs
 * without JSON names carry "Height" where others carry "height".
 */
function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

const isoInstant = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** displayValue shows one stored value in display units; field says what it is. */
export function displayValue(t: TFunction<'admin'>, lng: string, zone: string, field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  const leaf = lowerFirst(field.split('.').pop() ?? field);
  if (typeof v === 'number' && /Cents$/.test(leaf)) return formatMoney(v, lng);
  if (typeof v === 'boolean') return v ? t('audit.yes') : t('audit.no');
  if (typeof v === 'string' && isoInstant.test(v)) return formatInZone(v, lng, zone);
  if (typeof v === 'string' && (leaf === 'height' || leaf === 'temperature')) {
    const key = leaf === 'height' ? `orders.heights.${v}` : `stations.temperatures.${v}`;
    const text = t(key as 'orders.heights.small');
    return text === key ? v : text;
  }
  if (typeof v === 'string') {
    // A state's or kind's stored word (refunded, booked): its name when the screen knows one.
    const key = `status.${v}`;
    const text = t(key as 'status.reserved');
    if (text !== key) return text;
  }
  // A list or a record (an order's lockers, a refund) reads part by part in the same units, so no
  // stored English word ("small", "cool") shows through on an Estonian screen.
  if (Array.isArray(v)) return v.length ? showValue(v.map((x) => displayValue(t, lng, zone, field, x))) : '—';
  if (typeof v === 'object') {
    const parts = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}: ${displayValue(t, lng, zone, k, x)}`);
    return showValue(parts.join(', '));
  }
  return showValue(v);
}

/** ChangeLine is one changed field as the audit shows it; a side the entry does not name is null. */
export interface ChangeLine {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * auditChangeLines lists what an entry changed in display units: "Paid: €5.60 → €0.00". A field only
 * one side names (a refund records the money before it and the refund after it) shows that side alone,
 * not "€5.60 → —", which would read as money gone.
 */
export function auditChangeLines(t: TFunction<'admin'>, lng: string, zone: string, a: AdminAudit): ChangeLine[] {
  return auditChanges(a.before, a.after)
    .filter((c) => !/(^|\.)(\w+Id|id)$/.test(c.field)) // ids say nothing to a reader; the row links its target
    .map((c) => {
      const leaf = lowerFirst(c.field.split('.').pop() ?? c.field);
      const key = `audit.fields.${leaf}`;
      const label = t(key as 'audit.fields.status');
      return {
        field: c.field,
        label: label === key ? c.field : label,
        before: c.inBefore ? displayValue(t, lng, zone, c.field, c.before) : null,
        after: c.inAfter ? displayValue(t, lng, zone, c.field, c.after) : null,
      };
    });
}
