import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { darkWithoutScript } from './dark-without-script.mjs';

const run = async (css: string) => (await postcss([darkWithoutScript()]).process(css, { from: undefined })).css;
/** The output on one line, spaces collapsed: what matters is the rules, not postcss's layout. */
const flat = async (css: string) => (await run(css)).replace(/\s+/g, ' ');

describe('darkWithoutScript', () => {
  it('copies each dark rule, under the system preference, for an <html> the head script never marked', async () => {
    const out = await flat(
      '.tip { color: black; }\nhtml.dark .tip, .other { color: white; }\nhtml.dark { --bg: rgb(17 17 17); color-scheme: dark; }',
    );
    expect(out).toContain(
      "@media (prefers-color-scheme: dark) { html:not(.light):not(.dark):not([data-color-mode-forced='light']) .tip { color: white; }",
    );
    expect(out).toContain("html:not(.light):not(.dark):not([data-color-mode-forced='light']) { --bg: rgb(17 17 17); color-scheme: dark; }");
    // The originals stay as they were, and a selector that is not a dark one is not copied.
    expect(out).toContain('html.dark .tip, .other { color: white; }');
    expect(out.match(/\.other/g)).toHaveLength(1);
  });

  it('leaves a stylesheet without dark rules, and rules already under a condition, alone', async () => {
    const css = '.a { color: red; }\n@media (min-width: 40rem) { html.dark .a { color: pink; } }\nhtml.darker .b { color: blue; }';
    expect(await run(css)).toBe(css);
  });
});
