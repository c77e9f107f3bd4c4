import { describe, expect, it } from 'vitest';
import { auditDiff, showValue } from './audit-diff';

describe('auditDiff', () => {
  it('lists only the fields that changed, nested ones by their dotted name', () => {
    expect(auditDiff('{"roles":[],"blocked":false}', '{"roles":["ADMIN"],"blocked":false}')).toEqual([{ field: 'roles', before: '—', after: 'ADMIN' }]);
    expect(auditDiff('{"title":{"en":"Old","et":"Vana"}}', '{"title":{"en":"New","et":"Vana"}}')).toEqual([{ field: 'title.en', before: 'Old', after: 'New' }]);
  });

  it('names a field that appeared or went away, and reads an empty side as nothing', () => {
    expect(auditDiff('{}', '{"state":"resolved"}')).toEqual([{ field: 'state', before: '—', after: 'resolved' }]);
    expect(auditDiff('', '')).toEqual([]);
    expect(auditDiff('not json', '{"a":1}')).toEqual([
      { field: 'value', before: 'not json', after: '—' },
      { field: 'a', before: '—', after: '1' },
    ]);
  });

  it('cuts a long text (a help article) to one readable line', () => {
    const long = 'x'.repeat(500);
    const [line] = auditDiff(JSON.stringify({ body: 'short' }), JSON.stringify({ body: long }));
    expect(line!.after.length).toBe(80);
    expect(line!.after.endsWith('…')).toBe(true);
    expect(showValue(['a', 'b'])).toBe('a, b');
  });
});
