import { describe, expect, it } from 'vitest';
import { locales } from '../../../i18n/locales';
import { matchRoute } from '../../../routes';
import { renderLegalText, type LegalVars } from '../../../server/render/legal-markdown';
import { legalTexts, type LegalId } from '.';

// The legal texts (decision 026): both languages, versioned and dated, the same sections in the same order,
// anchored headings, nothing but our own Markdown (no raw HTML), and links that lead somewhere real.
const vars: LegalVars = { brand: 'Zeta Empleos', entity: 'Zeta Labs S.L.', email: 'privacidad@zeta.example', host: 'zeta.example' };
const ids = Object.keys(legalTexts) as LegalId[];
const ALLOWED_TAGS = new Set(['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'code', 'br', 'blockquote', 'hr']);

describe('the legal texts', () => {
  it('are the four legal routes', () => {
    expect(ids.sort()).toEqual(['privacy', 'terms', 'termsB2c', 'termsBlackNovember']);
  });

  for (const id of ids) {
    describe(id, () => {
      const docs = Object.fromEntries(locales.map((l) => [l, renderLegalText(legalTexts[id][l].body, vars, l)]));

      it('exists in both languages with one version and one effective date', () => {
        for (const l of locales) {
          const text = legalTexts[id][l];
          expect(text.version, l).toMatch(/^\d+\.\d+$/);
          expect(text.effective, l).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(new Date(`${text.effective}T00:00:00Z`).toISOString().slice(0, 10), l).toBe(text.effective);
          expect(text.body.trim().length, l).toBeGreaterThan(1000);
        }
        expect(legalTexts[id].en.version).toBe(legalTexts[id].es.version);
        expect(legalTexts[id].en.effective).toBe(legalTexts[id].es.effective);
      });

      it('has the same sections, with the same ids, in both languages', () => {
        const sectionIds = (l: string) => docs[l]!.sections.map((s) => s.id);
        expect(sectionIds('es').length).toBeGreaterThanOrEqual(6);
        expect(sectionIds('en')).toEqual(sectionIds('es'));
        for (const l of locales) {
          for (const s of docs[l]!.sections) {
            expect(s.id).toMatch(/^[a-z][a-z0-9-]*$/);
            expect(s.title.length, `${l} ${s.id}`).toBeGreaterThan(3);
            expect(s.title, `${l} ${s.id}`).not.toMatch(/[*_[\]`<>{}]/);
            expect(s.html.trim(), `${l} ${s.id}`).not.toBe('');
          }
        }
      });

      it('gives every heading inside a section an id', () => {
        for (const l of locales)
          for (const s of docs[l]!.sections) {
            const headings = [...s.html.matchAll(/<h(\d)([^>]*)>/g)];
            for (const h of headings) expect(h[2], `${l} ${s.id}`).toMatch(new RegExp(`^ id="${s.id}-[a-z0-9-]+"$`));
          }
      });

      it('holds no raw HTML and renders only plain Markdown elements', () => {
        for (const l of locales) {
          expect(legalTexts[id][l].body, l).not.toMatch(/<\/?[a-z!][^>]*>/i);
          const html = [docs[l]!.intro, ...docs[l]!.sections.map((s) => s.html)].join('\n');
          const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]!));
          expect(
            [...tags].filter((tag) => !ALLOWED_TAGS.has(tag)),
            l,
          ).toEqual([]);
          expect(html, l).not.toContain('{{');
          expect(html, l).not.toContain('route:');
        }
      });

      it('names the brand, the operator and the contact address from the values given', () => {
        for (const l of locales) {
          const html = [docs[l]!.intro, ...docs[l]!.sections.map((s) => s.html)].join('\n');
          expect(html, l).toContain('Zeta Empleos');
          expect(html, l).not.toMatch(/Tandem/);
          expect(html, l).toContain('Zeta Labs S.L.');
          expect(html, l).toContain('<a href="mailto:privacidad@zeta.example">privacidad@zeta.example</a>');
        }
      });

      it('links only to pages of the site (and their sections), https sites or mail addresses', () => {
        for (const l of locales) {
          const html = [docs[l]!.intro, ...docs[l]!.sections.map((s) => s.html)].join('\n');
          for (const [, target] of html.matchAll(/href="([^"]*)"/g)) {
            if (/^(https:|mailto:)/.test(target!)) continue;
            const [path, hash] = target!.split('#');
            const m = matchRoute(path!);
            expect(m, target).not.toBeNull();
            expect(m!.locale, target).toBe(l);
            if (hash) {
              const linked = renderLegalText(legalTexts[m!.id as LegalId][l].body, vars, l);
              expect(
                linked.sections.map((s) => s.id),
                target,
              ).toContain(hash);
            }
          }
        }
      });
    });
  }

  it('escapes configured values and refuses unknown placeholders and routes', () => {
    const hostile = { ...vars, brand: '<script>alert(1)</script> *x*', entity: '[a](javascript:alert(1))' };
    const doc = renderLegalText('Hola {{brand}}, {{entity}}.\n\n## Parte {#parte}\n\nTexto de {{brand}}.', hostile, 'es');
    const html = doc.intro + doc.sections[0]!.html;
    expect(html).not.toMatch(/<script|<em>x<\/em>|href="javascript/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; *x*');
    expect(() => renderLegalText('{{nope}}', vars, 'es')).toThrow(/placeholder/);
    expect(() => renderLegalText('[x](route:nope)', vars, 'es')).toThrow(/route/);
    expect(() => renderLegalText('## Sin id', vars, 'es')).toThrow(/id/);
    expect(() => renderLegalText('<b>raw</b> [x](javascript:alert(1))', vars, 'es').intro).not.toThrow();
    expect(renderLegalText('<b>raw</b> [x](javascript:alert(1))', vars, 'es').intro).toBe(
      '<p>&lt;b&gt;raw&lt;/b&gt; [x](javascript:alert(1))</p>\n',
    );
  });
});
