import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from './markdown';

describe('offer Markdown', () => {
  it('renders lists, emphasis and links, with safe link attributes', () => {
    const html = renderMarkdown('**Stack**: React y _TypeScript_\n\n- uno\n- dos\n\n[Web](https://acme.example/jobs)');
    expect(html).toContain('<strong>Stack</strong>');
    expect(html).toContain('<em>TypeScript</em>');
    expect(html).toContain('<li>uno</li>');
    expect(html).toContain('<a href="https://acme.example/jobs" rel="nofollow ugc noopener noreferrer" target="_blank">Web</a>');
  });
  it('escapes raw HTML and drops dangerous links and images', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](data:text/html,hi) ![p](https://tracker.example/p.gif)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
  it('moves headings below the page heading', () => {
    expect(renderMarkdown('# Rol\n\n## Requisitos')).toBe('<h3>Rol</h3>\n<h4>Requisitos</h4>\n');
    // Whatever levels a text starts at, they follow the page's h2 without a gap (decision 030: ## was an h4).
    expect(renderMarkdown('## Qué harás\n\n#### Detalle')).toBe('<h3>Qué harás</h3>\n<h4>Detalle</h4>\n');
    expect(renderMarkdown('### Solo\n\ntexto', 4)).toBe('<h4>Solo</h4>\n<p>texto</p>\n');
    expect(renderMarkdown('# 1\n## 2\n### 3\n#### 4\n##### 5')).toContain('<h6>4</h6>\n<h6>5</h6>');
  });
  it('gives the plain text for descriptions and feeds', () => {
    expect(markdownToText('# Rol\n\nBuscamos **backend** <dev> & más', 200)).toBe('Rol Buscamos backend <dev> & más');
    expect(markdownToText('a '.repeat(200), 20)).toHaveLength(20);
  });
});
