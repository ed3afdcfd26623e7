// The types of asset-archive.mjs, for its test (the scripts are plain Node, not type-checked as JavaScript).
export const DEFAULT_KEEP_BUILDS: number;
export function keepBuildsFromEnv(env?: NodeJS.ProcessEnv): number;
export function adoptAssets(options: { assetsDir: string; archiveDir: string; id?: string; now?: Date }): number;
export function archiveAssets(options: { assetsDir: string; archiveDir: string; buildId: string; keep?: number; now?: Date }): {
  builds: string[];
  restored: number;
  pruned: number;
};
