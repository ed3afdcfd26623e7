import { describe, expect, it } from 'vitest';
import { escapeHtml, oneClickHeaders, renderEmail } from './render';

const base = {
  locale: 'es' as const,
  brand: 'Tandem',
  heading: 'Nueva postulación',
  paragraphs: ['Ana <script>alert(1)</script> se postuló a "Backend & Go".'],
  action: { label: 'Ver postulación', url: 'https://tandem.example/hire/site?oferta=1' },
  footer: {
    reason: 'Recibes este correo por tu cuenta de empresa.',
    preferences: { label: 'Preferencias', url: 'https://tandem.example/p' },
  },
};

describe('transactional email layout', () => {
  it('escapes what people wrote in the HTML and keeps it as typed in the text', () => {
    const { html, text } = renderEmail({ ...base, quote: '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt; se postuló a &quot;Backend &amp; Go&quot;.');
    expect(text).toContain('Ana <script>alert(1)</script> se postuló a "Backend & Go".');
    expect(text).toContain('> <img src=x onerror=alert(1)>');
  });

  it('has one action link in both parts, a language, and dark-mode colours', () => {
    const { html, text } = renderEmail(base);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('href="https://tandem.example/hire/site?oferta=1"');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(text).toContain('Ver postulación: https://tandem.example/hire/site?oferta=1');
    expect(text).toContain('Preferencias: https://tandem.example/p');
  });

  it('never writes a link that is not http(s)', () => {
    const { html } = renderEmail({ ...base, action: { label: 'x', url: 'javascript:alert(1)' } });
    expect(html).not.toContain('javascript:');
  });

  it('lists items with their links', () => {
    const { html, text } = renderEmail({ ...base, items: [{ title: 'Dev <Go>', detail: 'Lima', url: 'https://tandem.example/oferta/a' }] });
    expect(html).toContain('Dev &lt;Go&gt;');
    expect(text).toContain('- Dev <Go> (Lima)\n  https://tandem.example/oferta/a');
  });

  it('escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('one-click unsubscribe headers follow RFC 8058', () => {
    expect(oneClickHeaders('https://tandem.example/u/t')).toEqual({
      'List-Unsubscribe': '<https://tandem.example/u/t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
