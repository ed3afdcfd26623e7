import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CompanyLogo, markOf } from './company-logo';

// The generated mark (decision 086): the same for the same name, different across names, shapes only.
const html = (name: string, alone?: boolean) => renderToStaticMarkup(<CompanyLogo name={name} logo={null} alone={alone} />);

describe('company mark', () => {
  it('is the same for the same name, whatever its case and spacing', () => {
    expect(html('Andes Digital')).toBe(html('Andes Digital'));
    expect(markOf('  andes   DIGITAL ')).toEqual(markOf('Andes Digital'));
  });

  it('differs between names: most of 60 companies get a mark of their own', () => {
    const names = Array.from({ length: 60 }, (_, i) => `Empresa ${i}`);
    expect(new Set(names.map((n) => html(n))).size).toBeGreaterThanOrEqual(50);
    expect(html('Acme')).not.toBe(html('Acmé'));
  });

  it('draws two or three shapes in two different hues, and no text (no initials)', () => {
    for (const name of ['Quipu Labs', 'Andes Digital (demo)', 'X', '']) {
      const out = html(name);
      expect(out).toMatch(/^<svg [^>]*class="company-logo company-mark"/);
      expect(out.match(/<(circle|rect|path)\b/g)!.length).toBeGreaterThanOrEqual(2);
      expect(out.replace(/<[^>]*>/g, '')).toBe('');
      expect(out).not.toMatch(/<text|<foreignObject|<script/);
      const m = markOf(name);
      expect(m.accent).not.toBe(m.hue);
    }
  });

  it('is decorative beside the name, and named by it when alone', () => {
    expect(html('Quipu Labs')).toContain('aria-hidden="true"');
    expect(html('Quipu Labs')).not.toContain('aria-label');
    const alone = html('Quipu Labs', true);
    expect(alone).toContain('role="img"');
    expect(alone).toContain('aria-label="Quipu Labs"');
    expect(alone).not.toContain('aria-hidden');
  });

  it('shows the uploaded logo instead when there is one', () => {
    const out = renderToStaticMarkup(<CompanyLogo name="Acme" logo="/uploads/logos/a.webp" alone />);
    expect(out).toMatch(/^<img [^>]*src="\/uploads\/logos\/a.webp"/);
    expect(out).toContain('alt="Acme"');
  });
});
