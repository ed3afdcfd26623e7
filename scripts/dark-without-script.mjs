// A PostCSS plugin for the build (waku.config.ts): the dark colour mode for pages read without JavaScript.
// The head's script puts `light` or `dark` on <html> before the first paint, and the stylesheets write their
// dark rules as `html.dark …`. Without JavaScript neither class is ever set, so a visitor whose system is dark
// got the light page. Each `html.dark` rule is copied once more, under `prefers-color-scheme: dark`, for an
// <html> that has neither class and whose page does not force light. The copies never apply once the script
// has run, so they cannot fight the chosen mode. (No page forces dark; one that did would need its own copy.)

/** <html> as the head's script left it: not run (no class). */
const NO_SCRIPT = 'html:not(.light):not(.dark)';
const SYSTEM_DARK = `${NO_SCRIPT}:not([data-color-mode-forced='light'])`;
const DARK = /^html\.dark(?![\w-])/;

/** @type {import('./dark-without-script.d.mts').darkWithoutScript} */
export function darkWithoutScript() {
  return {
    postcssPlugin: 'dark-without-script',
    Once(root, { AtRule }) {
      const system = new AtRule({ name: 'media', params: '(prefers-color-scheme: dark)' });
      root.each((node) => {
        if (node.type !== 'rule') return; // top-level rules only: a rule inside @media keeps its condition
        const dark = node.selectors.filter((s) => DARK.test(s));
        if (dark.length === 0) return;
        system.append(node.clone({ selectors: dark.map((s) => s.replace(DARK, SYSTEM_DARK)) }));
      });
      if (system.nodes?.length) root.append(system);
    },
  };
}
darkWithoutScript.postcss = true;
