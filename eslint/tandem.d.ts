// Types of eslint/tandem.js for its test (tsconfig has no allowJs).
import type { ESLint, Linter } from 'eslint';

export declare const plugin: ESLint.Plugin;
export declare function boundaries(): Linter.Config[];
export declare const KNOWN_AREA_IMPORTS: readonly { from: string; to: string }[];
