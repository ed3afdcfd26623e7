import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedData, sharedDataDir, testDatabases, type TestDb } from '../../testing/databases';
import { DEFAULT_FX } from './data/default-fx';
import { computeAggregates, groupKey, MIN_REPORTS, percentile, type ReportForStats } from './data/aggregates';
import { parseCsv } from './csv';
import { mapAijobsRow } from './importers';
import {
  englishOfCefr,
  modalityOfLaplaza,
  modalityOfRatio,
  roleOfLanguage,
  roleOfTitle,
  seniorityOfLevel,
  seniorityOfYears,
} from './mapping';
import { importSalaryFile, setFxRate } from './data/salary-data';

const fx = { rates: { ...DEFAULT_FX.rates } as Record<string, number>, asOf: DEFAULT_FX.asOf };

describe('CSV', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside fields, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","he said ""hi""","two\nlines"\n\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'he said "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
  });
  it('reads CR rows, keeps short rows and stray quotes, skips a line of only ""', () => {
    expect(parseCsv('a,b\rc\r\n""\nd"e,f\n')).toEqual([['a', 'b'], ['c'], ['d"e', 'f']]);
  });
  it('refuses a quote left open, naming the line where the file ended inside it', () => {
    expect(() => parseCsv('a,b\n1,"2\n3,4\n')).toThrow(/Quote Not Closed: .* at line 3/);
  });
});

describe('mapping onto our roles, seniorities and levels', () => {
  it.each([
    ['Data Scientist', 'data-scientist'],
    ['Machine Learning Engineer', 'data-scientist'],
    ['Data Engineer', 'data-engineer'],
    ['Data Analyst', 'data-analyst'],
    ['Analista de Datos', 'data-analyst'],
    ['Site Reliability Engineer', 'devops'],
    ['DevOps Engineer', 'devops'],
    ['Software Engineer', 'fullstack'],
    ['Head of Data', 'tech-lead'],
    ['Data Architect', 'software-architect'],
    ['Product Manager', 'product-manager'],
    ['Consultant', null],
    ['Manager', null],
  ])('title %s -> %s', (title, role) => {
    expect(roleOfTitle(title)).toBe(role);
  });
  it('maps languages, experience levels, years, CEFR answers and work modes', () => {
    expect([roleOfLanguage('Typescript'), roleOfLanguage('Kotlin'), roleOfLanguage('Soy Manager'), roleOfLanguage('ABAP')]).toEqual([
      'fullstack',
      'mobile',
      'tech-lead',
      null,
    ]);
    expect(['EN', 'MI', 'SE', 'EX', 'XX'].map(seniorityOfLevel)).toEqual(['junior', 'mid', 'senior', 'senior', null]);
    expect([0, 2.5, 3, 5.9, 6, 30, -1].map(seniorityOfYears)).toEqual(['junior', 'junior', 'mid', 'mid', 'senior', 'senior', null]);
    expect(['A2 (Es capaz…)', 'B1 (…)', 'C2 (…) - Nativo', 'Cero', '?'].map(englishOfCefr)).toEqual([
      'basic',
      'intermediate',
      'advanced',
      'basic',
      null,
    ]);
    expect([
      modalityOfRatio('100', 'PE', 'US'),
      modalityOfRatio('100', 'PE', 'PE'),
      modalityOfRatio('50', 'PE', 'PE'),
      modalityOfRatio('0', 'ES', 'ES'),
    ]).toEqual(['remote-global', 'remote-local', 'hybrid', 'office']);
    expect([
      modalityOfLaplaza('Remoto', 'Extranjera'),
      modalityOfLaplaza('Remoto', 'Colombiana con mercado nacional'),
      modalityOfLaplaza('Híbrido', ''),
    ]).toEqual(['remote-global', 'remote-local', 'hybrid']);
  });
  it('converts an annual aijobs salary to gross monthly USD and local currency with the FX table', () => {
    const r = mapAijobsRow(
      {
        work_year: '2024',
        experience_level: 'SE',
        employment_type: 'FT',
        job_title: 'Data Engineer',
        salary: '60000',
        salary_currency: 'EUR',
        salary_in_usd: '64800',
        employee_residence: 'ES',
        remote_ratio: '100',
        company_location: 'DE',
        company_size: 'M',
      },
      fx,
    );
    expect(r).toMatchObject({
      ok: true,
      report: {
        country: 'espana',
        role: 'data-engineer',
        seniority: 'senior',
        modality: 'remote-global',
        usd_month: 5400,
        // Paid in euros in Spain: the person's own figure, 60,000 / 12.
        local_month: 5000,
        currency: 'EUR',
        amount: 60000,
        period: 'year',
      },
    });
    expect(mapAijobsRow({ employee_residence: 'US', job_title: 'Data Engineer' }, fx)).toEqual({
      ok: false,
      reason: 'country not covered',
    });
  });
});

describe('aggregates', () => {
  const base = {
    country: 'peru',
    role: 'backend',
    seniority: 'mid',
    modality: 'hybrid',
    english: 'intermediate',
    source: 'test',
    is_demo: false,
  };
  const reports: ReportForStats[] = [1000, 2000, 3000, 4000].map((usd, i) => ({
    ...base,
    collected: `2025-0${i + 3}-15`,
    usd_month: usd,
    local_month: usd * 3.75,
    skills: i < 2 ? ['go'] : ['go', 'docker'],
  }));
  reports.push({
    ...base,
    country: 'chile',
    usd_month: 9000,
    local_month: 9000 * 950,
    skills: [],
    is_demo: true,
    source: 'demo',
    collected: '2026-01-02',
  });

  it('interpolates percentiles between ranks', () => {
    expect([0.25, 0.5, 0.75].map((p) => percentile([1000, 2000, 3000, 4000], p))).toEqual([1750, 2500, 3250]);
    expect(percentile([7], 0.75)).toBe(7);
  });

  it('computes median and quartiles per group, in USD everywhere and in local currency within a country', () => {
    const groups = new Map(computeAggregates(reports, (c) => (c === 'peru' ? 'PEN' : 'CLP')).map((g) => [g.group_key, g]));
    expect(groups.get(groupKey({ country: 'peru', role: 'backend' }))).toMatchObject({
      n: 4,
      usd_p25: 1750,
      usd_p50: 2500,
      usd_p75: 3250,
      currency: 'PEN',
      local_p50: 9375,
      sources: 'test',
      demo_share: 0,
    });
    expect(groups.get('role=backend')).toMatchObject({
      n: 5,
      usd_p50: 3000,
      currency: null,
      local_p50: null,
      sources: 'demo,test',
      demo_share: 0.2,
    });
    expect(groups.get('skill=docker')).toMatchObject({ n: 2, usd_p50: 3500 });
    expect(groups.get('country=peru|skill=go')?.n).toBe(4);
    expect(groups.get('all')?.n).toBe(5);
    // Each group knows when its reports were collected, and the area of roles groups them too.
    expect(groups.get(groupKey({ country: 'peru', role: 'backend' }))).toMatchObject({
      collected_from: '2025-03-15',
      collected_to: '2025-06-15',
    });
    expect(groups.get('role=backend')).toMatchObject({ collected_from: '2025-03-15', collected_to: '2026-01-02' });
    expect(groups.get(groupKey({ country: 'peru', area: 'tech' }))).toMatchObject({ n: 4, area: 'tech', usd_p50: 2500 });
    expect(groups.get(groupKey({ area: 'tech', seniority: 'mid' }))?.n).toBe(5);
    // A group under the floor is kept (its sample size is shown) but flagged by n.
    expect(groups.get('country=chile')!.n).toBeLessThan(MIN_REPORTS);
  });
});

// The survey files live in shared/data beside the checkout, never in the repository (required in CI, see testing/databases).
const noData = hasSharedData ? '' : ` (skipped: no survey files in ${sharedDataDir})`;

describe.each(testDatabases)('importing the real survey files on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
    for (const [cur, rate] of Object.entries(DEFAULT_FX.rates)) await setFxRate(t, cur, rate, DEFAULT_FX.asOf);
  });
  afterAll(async () => t?.cleanup());

  it.skipIf(!hasSharedData)(
    `imports La Plaza 2025: 971 of 1000 rows, pay under the minimum wage dropped, nothing twice, the raw file adds only its own rows${noData}`,
    async () => {
      const file = join(sharedDataDir, 'laplazadevs-salarios-colombia-2025', '20250603_normalized.csv');
      const first = await importSalaryFile(t, 'laplaza', file);
      expect(first).toMatchObject({
        source: 'laplaza-2025',
        licence: 'CC BY-SA 4.0',
        rows: 1000,
        imported: 971,
        duplicates: 0,
        // Four answers give a "yearly" pay under 12 Colombian minimum wages: monthly pay typed as the year.
        skipped: { 'language not mapped': 25, 'below the minimum wage': 4 },
      });
      const again = await importSalaryFile(t, 'laplaza', file);
      expect(again).toMatchObject({ imported: 0, duplicates: 971 });
      // The first response: paid 62,400 USD a year, 7 years, B2, Typescript, remote for a foreign company.
      const r = await t.db
        .selectFrom('salary_reports')
        .selectAll()
        .where('source', '=', 'laplaza-2025')
        .where('amount', '=', 62400)
        .where('years', '=', 7)
        .executeTakeFirstOrThrow();
      expect(r).toMatchObject({
        country: 'colombia',
        role: 'fullstack',
        seniority: 'senior',
        english: 'intermediate',
        modality: 'remote-global',
        currency: 'USD',
        usd_month: 5200,
        source_licence: 'CC BY-SA 4.0',
      });
      expect(Number(r.local_month)).toBe(Math.round((62400 * DEFAULT_FX.rates.COP) / 12));
      const skills = await t.db.selectFrom('salary_report_skills').select('skill').where('report_id', '=', r.id).execute();
      expect(skills.map((s) => s.skill)).toEqual(['typescript']);
      const raw = await importSalaryFile(t, 'laplaza', join(sharedDataDir, 'laplazadevs-salarios-colombia-2025', '20250603.csv'));
      expect(raw.rows).toBe(1025);
      expect(raw.duplicates).toBeGreaterThan(700);
      // The raw file before La Plaza's own cleaning: 119 answers under the minimum wage, every drop counted.
      expect(raw.skipped).toEqual({
        'below the minimum wage': 119,
        'above the plausible maximum': 4,
        'language not mapped': 25,
        'years not readable': 1,
        'no amount': 4,
      });
      expect(raw.imported + raw.duplicates + Object.values(raw.skipped).reduce((a, b) => a + b, 0)).toBe(1025);
    },
  );

  it.skipIf(!hasSharedData)(
    `imports the aijobs.net and devops-jobs.net files: only covered countries, identical rows once, counted skips${noData}`,
    async () => {
      const ai = await importSalaryFile(t, 'aijobs', join(sharedDataDir, 'aijobs-net-salaries-CC0', 'salaries.csv'));
      // 312 rows map onto a covered country and role; 85 of them repeat an earlier row word for word.
      expect(ai).toMatchObject({ source: 'aijobs.net', licence: 'CC0 1.0', rows: 74301, imported: 227, exactDuplicates: 85 });
      expect(ai.skipped['exact duplicate row']).toBe(85);
      expect(ai.skipped['country not covered']).toBe(73949);
      expect(ai.skipped['above the plausible maximum']).toBe(1);
      expect(ai.imported + Object.values(ai.skipped).reduce((a, b) => a + b, 0)).toBe(74301);
      const devops = await importSalaryFile(t, 'aijobs', join(sharedDataDir, 'devops-jobs-net-salaries-CC0', 'salaries.csv'));
      expect(devops).toMatchObject({ source: 'devops-jobs.net', rows: 728, imported: 20, skipped: { 'below the minimum wage': 1 } });
      const spain = await t.db
        .selectFrom('salary_aggregates')
        .selectAll()
        .where('group_key', '=', 'country=espana|role=data-scientist')
        .executeTakeFirstOrThrow();
      expect(spain.n).toBeGreaterThanOrEqual(MIN_REPORTS);
      expect(spain.currency).toBe('EUR');
      expect(spain.sources).toBe('aijobs.net');
    },
  );

  it('refuses a survey file that is not there (as when the survey folder is missing) and changes nothing', async () => {
    const counts = async () =>
      Promise.all(
        (['salary_reports', 'salary_aggregates'] as const).map(async (table) =>
          Number(
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    for (const format of ['laplaza', 'aijobs'] as const) {
      await expect(importSalaryFile(t, format, join(sharedDataDir, 'no-such-survey', 'salaries.csv'))).rejects.toMatchObject({
        code: 'ENOENT',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('counts identical rows once, and removes the copies an earlier version stored', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const dir = mkdtempSync(join((await import('node:os')).tmpdir(), 'dup-'));
    const header =
      'work_year,experience_level,employment_type,job_title,salary,salary_currency,salary_in_usd,employee_residence,remote_ratio,company_location,company_size';
    const row = '2024,SE,FT,Data Engineer,61234,USD,61234,PE,0,PE,M';
    writeFileSync(join(dir, 'salaries.csv'), [header, row, row, row, ''].join('\n'));
    // What an earlier version stored for the second copy (ids counted identical rows apart).
    const oldId = createHash('sha256')
      .update(`aijobs.net\u001e${row.split(',').join('\u001f')}\u001e2`)
      .digest('hex')
      .slice(0, 40);
    await t.db
      .insertInto('salary_reports')
      .values({
        external_id: oldId,
        country: 'peru',
        role: 'data-engineer',
        seniority: 'senior',
        currency: 'USD',
        amount: 61234,
        period: 'year',
        local_month: 1,
        usd_month: 5103,
        collected_at: '2024-07-01T00:00:00.000Z',
        source: 'aijobs.net',
        source_licence: 'CC0 1.0',
        gross: 1,
        is_demo: 0,
      } as never)
      .execute();
    const s = await importSalaryFile(t, 'aijobs', join(dir, 'salaries.csv'));
    expect(s).toMatchObject({ rows: 3, imported: 1, exactDuplicates: 2, skipped: { 'exact duplicate row': 2 } });
    const left = await t.db
      .selectFrom('salary_reports')
      .select('id')
      .where('source', '=', 'aijobs.net')
      .where('amount', '=', 61234)
      .execute();
    expect(left).toHaveLength(1);
  });

  it('refuses a file of the wrong format with a clear message', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const dir = mkdtempSync(join((await import('node:os')).tmpdir(), 'imp-'));
    writeFileSync(join(dir, 'x.csv'), 'a,b\n1,2\n');
    await expect(importSalaryFile(t, 'aijobs', join(dir, 'x.csv'))).rejects.toThrow(/not an aijobs.net file/);
    await expect(importSalaryFile(t, 'laplaza', join(dir, 'x.csv'))).rejects.toThrow(/not a La Plaza file/);
  });
});
