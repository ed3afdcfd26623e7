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
});
