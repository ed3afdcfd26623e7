import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { ApplicantProfile } from './applicant-profile';

// A company's view of an applicant's background (decision 050), as a browser without JavaScript gets it.
const applicant = {
  slug: 'ana-garcia',
  name: 'Ana García',
  experience: [{ id: 1, company: 'Andes', title: 'Backend', startMonth: '2021-03', endMonth: null, description: 'APIs <b>Go</b>' }],
  education: [{ id: 2, school: 'UBA', degree: 'Sistemas', startYear: 2015, endYear: 2020 }],
  links: { linkedin_url: 'https://www.linkedin.com/in/ana', github_url: null, portfolio_url: 'https://ana.dev/' },
  cv: { bytes: 2048, uploadedAt: '2026-11-01T00:00:00.000Z' },
};

describe('ApplicantProfile', () => {
  it('shows history, education, links (nofollow, ugc) and the CV link in both languages', () => {
    const es = renderToStaticMarkup(<ApplicantProfile applicant={applicant} locale="es" t={getT('es')} />);
    expect(es).toContain('Backend</strong> · Andes');
    expect(es).toContain('marzo de 2021 – actualidad');
    expect(es).toContain('APIs &lt;b&gt;Go&lt;/b&gt;');
    expect(es).toContain('2015 – 2020');
    expect(es).toContain('href="https://www.linkedin.com/in/ana" rel="noopener nofollow ugc"');
    expect(es).not.toContain('GitHub');
    expect(es).toContain('href="/ly/ana-garcia/cv"');
    const en = renderToStaticMarkup(<ApplicantProfile applicant={{ ...applicant, cv: null }} locale="en" t={getT('en')} />);
    expect(en).toContain('March 2021 – present');
    expect(en).not.toContain('/cv"');
  });
});
