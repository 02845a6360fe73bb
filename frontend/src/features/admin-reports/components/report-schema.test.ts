import { DEFAULT_TOP_PERFORMERS } from '../lib/report-types';
import { formFieldOf, reportBody, reportDefaults, reportMessages, reportSchema } from './report-schema';

const NOW = new Date('2026-07-04T12:00:00.000Z');

describe('the report request', () => {
  it('starts from §3 defaults: every flag on, interval day, 10 top performers, dates none to today', () => {
    const v = reportDefaults('SALES', NOW);
    expect(v).toMatchObject({ name: 'Sales report 2026-07-04', startDate: '', endDate: '2026-07-04', interval: 'day', topPerformersCount: '10' });
    expect(DEFAULT_TOP_PERFORMERS).toBe(10);
    expect(reportBody('SALES', v)).toEqual({
      type: 'SALES',
      name: 'Sales report 2026-07-04',
      parameters: { endDate: '2026-07-04T23:59:59.999Z', includeShowDetails: true, includeProductBreakdown: true, interval: 'day' },
    });
  });

  it("sends only the type's parameters (no dates for INVENTORY)", () => {
    const v = { ...reportDefaults('INVENTORY', NOW), startDate: '2026-07-01', includeNotes: false, description: '  For the audit ' };
    expect(reportBody('INVENTORY', v)).toEqual({
      type: 'INVENTORY',
      name: 'Inventory report 2026-07-04',
      description: 'For the audit',
      parameters: { includeZeroStock: true, includeNotes: false },
    });
    expect(reportBody('PRODUCT_PERFORMANCE', { ...reportDefaults('PRODUCT_PERFORMANCE', NOW), startDate: '2026-07-01', topPerformersCount: '25' }).parameters).toEqual({
      startDate: '2026-07-01T00:00:00.000Z',
      endDate: '2026-07-04T23:59:59.999Z',
      includeCategoryAnalysis: true,
      topPerformersCount: 25,
    });
    expect(reportBody('USER_ACTIVITY', reportDefaults('USER_ACTIVITY', NOW)).parameters).toEqual({
      endDate: '2026-07-04T23:59:59.999Z',
      includeAdminActivity: true,
    });
    expect(reportBody('FINANCIAL', reportDefaults('FINANCIAL', NOW)).parameters).toEqual({
      endDate: '2026-07-04T23:59:59.999Z',
      includeBreakdownByProduct: true,
      includeBreakdownByCategory: true,
    });
  });

  it('checks the name, the top performers count (1..100) and the date order', async () => {
    const errors = async (kind: Parameters<typeof reportSchema>[0], over: object) => {
      try {
        await reportSchema(kind).validate({ ...reportDefaults(kind, NOW), ...over }, { abortEarly: false });
        return [];
      } catch (e) {
        return (e as { errors: string[] }).errors;
      }
    };
    expect(await errors('SALES', { name: '  ' })).toEqual([reportMessages.name]);
    expect(await errors('SALES', { name: 'x'.repeat(201) })).toEqual([reportMessages.nameLength]);
    for (const bad of ['0', '101', '2.5', '', 'ten']) {
      expect(await errors('PRODUCT_PERFORMANCE', { topPerformersCount: bad })).toEqual([reportMessages.topPerformersCount]);
    }
    expect(await errors('PRODUCT_PERFORMANCE', { topPerformersCount: '100' })).toEqual([]);
    // Other types do not look at it.
    expect(await errors('SALES', { topPerformersCount: '0' })).toEqual([]);
    expect(await errors('FINANCIAL', { startDate: '2026-07-05' })).toEqual([reportMessages.range]);
    expect(await errors('INVENTORY', { startDate: '2026-07-05' })).toEqual([]);
  });

  it("places the server's field errors on the form's fields", () => {
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('parameters.startDate')).toBe('startDate');
    expect(formFieldOf('parameters.topPerformersCount')).toBe('topPerformersCount');
    expect(formFieldOf('type')).toBeNull();
  });
});
