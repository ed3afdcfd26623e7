import { describe, expect, it } from 'vitest';
import { jobPosting, type JobPostingInput } from './job-posting';

const base: JobPostingInput = {
  id: 7,
  title: 'Backend Developer',
  description: '# Rol\n\nBuscamos **Go** <script>x</script>',
  role: 'backend',
  seniority: 'mid',
  modality: 'office',
  country: 'peru',
  city: 'Lima',
  employmentType: 'full-time',
  publishedAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: null,
  validThrough: new Date('2026-12-31T10:00:00Z'),
  salary: { min: 6000, max: 9000, currency: 'PEN', period: 'month' },
  company: { name: 'Acme', website: 'https://acme.example', logo: '/uploads/logo.webp' },
  skills: [{ skill: 'go' }, { skill: 'docker' }],
  allowedCountries: [],
};
const url = 'https://tandem.example/oferta/backend-acme';

describe('JobPosting structured data', () => {
  it('describes an on-site offer with its place, real pay period, dates and organisation', () => {
    const d = jobPosting(base, url, 'es');
    expect(d).toMatchObject({
      '@type': 'JobPosting',
      title: 'Backend Developer',
      datePosted: '2026-11-01T10:00:00.000Z',
      validThrough: '2026-12-31T10:00:00.000Z',
      employmentType: 'FULL_TIME',
      directApply: true,
      url,
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme',
        sameAs: 'https://acme.example',
        logo: 'https://tandem.example/uploads/logo.webp',
      },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Lima', addressCountry: 'PE' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'PEN',
        value: { '@type': 'QuantitativeValue', minValue: 6000, maxValue: 9000, unitText: 'MONTH' },
      },
      skills: 'Go, Docker',
    });
    expect(d).not.toHaveProperty('jobLocationType');
    expect(d.description).toContain('<strong>Go</strong>');
    expect(d.description).not.toContain('<script>');
  });

  it('describes a remote offer as TELECOMMUTE with the countries applicants may live in, and a yearly salary as YEAR', () => {
    const d = jobPosting(
      {
        ...base,
        modality: 'remote-global',
        city: null,
        allowedCountries: ['mexico', 'peru'],
        salary: { min: 40000, max: 60000, currency: 'USD', period: 'year' },
      },
      url,
      'en',
    );
    expect(d).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'Country', name: 'Mexico' },
        { '@type': 'Country', name: 'Peru' },
      ],
      baseSalary: { currency: 'USD', value: { minValue: 40000, maxValue: 60000, unitText: 'YEAR' } },
    });
    expect(d).not.toHaveProperty('jobLocation');
    const local = jobPosting({ ...base, modality: 'remote-local' }, url, 'en');
    expect(local).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: [{ '@type': 'Country', name: 'Peru' }] });
  });

  // Google's JobPosting rules (developers.google.com/search/docs/appearance/structured-data/job-posting):
  // required title, description, datePosted, hiringOrganization.name, and either jobLocation with an
  // address country or jobLocationType TELECOMMUTE with at least one applicantLocationRequirements country.
  const googleErrors = (d: Record<string, any>) => {
    const errors: string[] = [];
    for (const k of ['title', 'description', 'datePosted']) if (!d[k]) errors.push(`missing ${k}`);
    if (!d.hiringOrganization?.name) errors.push('missing hiringOrganization.name');
    if (Number.isNaN(Date.parse(d.datePosted))) errors.push('datePosted is not a date');
    if (d.jobLocationType === 'TELECOMMUTE') {
      const req = d.applicantLocationRequirements as { '@type': string; name: string }[] | undefined;
      if (!req?.length) errors.push('TELECOMMUTE without applicantLocationRequirements');
      else if (req.some((r) => r['@type'] !== 'Country' || !r.name)) errors.push('applicantLocationRequirements must be named countries');
    } else if (!d.jobLocation?.address?.addressCountry) errors.push('missing jobLocation.address.addressCountry');
    const v = d.baseSalary?.value;
    if (d.baseSalary && (!d.baseSalary.currency || !v?.unitText || !(v.minValue <= v.maxValue))) errors.push('bad baseSalary');
    return errors;
  };

  it("is valid under Google's required fields for every kind of offer", () => {
    const kinds: Partial<JobPostingInput>[] = [
      { modality: 'office' },
      { modality: 'hybrid', city: null },
      { modality: 'remote-local' },
      { modality: 'remote-global', allowedCountries: ['peru', 'chile'] },
      { modality: 'remote-global', allowedCountries: [] },
      { modality: 'remote-global', allowedCountries: [], validThrough: null, publishedAt: null, updatedAt: null },
      { salary: { min: 60000, max: 90000, currency: 'USD', period: 'year' }, company: { name: 'Acme', website: null, logo: null } },
    ];
    for (const k of kinds) expect(googleErrors(jobPosting({ ...base, ...k }, url, 'en')), JSON.stringify(k)).toEqual([]);
  });

  it('advertises a worldwide remote offer that names no country to the countries the marketplace serves', () => {
    const d = jobPosting({ ...base, modality: 'remote-global', allowedCountries: [] }, url, 'es') as Record<string, unknown>;
    expect(d.jobLocationType).toBe('TELECOMMUTE');
    expect(d.applicantLocationRequirements).toHaveLength(10);
    expect(d.applicantLocationRequirements).toContainEqual({ '@type': 'Country', name: 'Spain' });
    expect(d).not.toHaveProperty('jobLocation');
  });
});
