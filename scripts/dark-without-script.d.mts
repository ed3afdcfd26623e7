// The types of dark-without-script.mjs, for its test and the build's config.
import type { Plugin } from 'postcss';

/** Copies every `html.dark` rule for pages read without JavaScript (see the module's comment). */
export function darkWithoutScript(): Plugin;
export namespace darkWithoutScript {
  const postcss: true;
}
