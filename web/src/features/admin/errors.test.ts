import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, type TFunction } from '@/i18n';
import { adminErrorText, errorField, errorFields, fieldErrorText } from './errors';

let t: TFunction<'admin'>;
beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('et');
  await i18n.changeLanguage('en-US');
  t = i18n.getFixedT('en-US', 'admin');
});

const failure = (appCode: string, field?: string) => ({ data: { appCode, field } });

describe('field-level messages', () => {
  it("shows the server's refusal at the field it names, with that field's rule", () => {
    const err = failure('BAD_INPUT', 'latitude');
    expect(errorField(err)).toBe('latitude');
    expect(fieldErrorText(err, 'latitude', t)).toMatch(/between −90 and 90/);
    expect(fieldErrorText(err, 'name', t)).toBeUndefined();
    expect(adminErrorText(err, t)).toMatch(/not valid/);
  });

  it('shows a refusal of several fields at every one of them', () => {
    const err = { data: { appCode: 'BAD_INPUT', field: 'station.name', fields: ['station.name', 'station.city', 'station.longitude'] } };
    expect(errorFields(err)).toEqual(['name', 'city', 'longitude']);
    expect(fieldErrorText(err, 'name', t)).toMatch(/A name is required/);
    expect(fieldErrorText(err, 'city', t)).toMatch(/A city is required/);
    expect(fieldErrorText(err, 'longitude', t)).toMatch(/between −180 and 180/);
    expect(fieldErrorText(err, 'address', t)).toBeUndefined();
  });

  it('reads a dotted field as its last part, a missing value as required, and other failures not at all', () => {
    expect(fieldErrorText(failure('BAD_INPUT', 'compartment.label'), 'label', t)).toMatch(/unique at the station/);
    expect(fieldErrorText(failure('MISSING_PARAMS', 'name'), 'name', t)).toBe('This is required.');
    expect(fieldErrorText(failure('BAD_INPUT', 'somethingNew'), 'somethingNew', t)).toBe('This value is not valid.');
    expect(fieldErrorText(failure('CANT_CHANGE', 'version'), 'version', t)).toBeUndefined();
    expect(fieldErrorText(null, 'name', t)).toBeUndefined();
  });

  it('names a missing reason, a taken pack code and a form\'s own wording of a shared field at that field', () => {
    expect(fieldErrorText(failure('MISSING_NOTE', 'reason'), 'reason', t)).toMatch(/reason/);
    expect(fieldErrorText(failure('MISSING_NOTE', 'reason'), 'code', t)).toBeUndefined();
    expect(fieldErrorText(failure('COUPON_ALREADY_REGISTERED', 'code'), 'code', t)).toMatch(/exists already/);
    expect(fieldErrorText(failure('BAD_INPUT', 'code'), 'code', t)).toMatch(/2 to 40 letters/);
    expect(fieldErrorText(failure('BAD_INPUT', 'count'), 'count', t)).toMatch(/1 to 1000/);
    expect(fieldErrorText(failure('BAD_INPUT', 'name'), 'name', t, { name: 'the pack name' })).toBe('the pack name');
    expect(fieldErrorText(failure('BAD_INPUT', 'name'), 'name', t)).toMatch(/A name is required/); // a station's
  });

  it('words it in Estonian too', () => {
    const et = i18n.getFixedT('et', 'admin');
    expect(fieldErrorText(failure('BAD_INPUT', 'timeZone'), 'timeZone', et)).toMatch(/Europe\/Tallinn/);
    expect(fieldErrorText(failure('BAD_INPUT', 'timeZone'), 'timeZone', et)).toMatch(/ajavööndi/);
    expect(fieldErrorText(failure('COUPON_ALREADY_REGISTERED', 'code'), 'code', et)).toMatch(/juba olemas/);
    expect(fieldErrorText(failure('MISSING_NOTE', 'note'), 'note', et)).toMatch(/põhjus/);
  });
});
