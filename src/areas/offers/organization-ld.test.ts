import { describe, expect, it } from 'vitest';
import { organization } from './organization-ld';

const COMPANY = {
  id: 1,
  name: 'Acme SAC',
  slug: 'acme-sac',
  website: 'https://acme.example',
  size: '51-200',
  country: 'peru',
  location: 'Lima',
  description: 'Software a medida.',
  logo: '/uploads/logos/abc.webp',
  perks: ['Horario flexible'],
  stack: ['go', 'postgresql'],
  isDemo: false,
};

describe('Organization structured data', () => {
  it('describes the company with absolute URLs, its country, city and size', () => {
    expect(organization(COMPANY, 'https://tandem.example/empresa/acme-sac')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme SAC',
      url: 'https://tandem.example/empresa/acme-sac',
      sameAs: ['https://acme.example'],
      logo: 'https://tandem.example/uploads/logos/abc.webp',
      description: 'Software a medida.',
      address: { '@type': 'PostalAddress', addressCountry: 'PE', addressLocality: 'Lima' },
      numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 51, maxValue: 200 },
      knowsAbout: ['Go', 'PostgreSQL'],
    });
  });

  it('leaves out what the company did not give, and an open-ended size has no maximum', () => {
    const ld = organization(
      { ...COMPANY, website: null, logo: null, description: null, country: null, size: '1000+', stack: [] },
      'https://t.example/x',
    );
    expect(ld).not.toHaveProperty('sameAs');
    expect(ld).not.toHaveProperty('logo');
    expect(ld).not.toHaveProperty('address');
    expect(ld).not.toHaveProperty('knowsAbout');
    expect(ld.numberOfEmployees).toEqual({ '@type': 'QuantitativeValue', minValue: 1000 });
  });
});
