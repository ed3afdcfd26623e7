// The types of idle-gc.mjs, for its test (the scripts are plain Node, not type-checked as JavaScript).
import type { Server } from 'node:http';

export function collectWhenIdle(
  server: Server,
  options?: { gc?: ((options?: object) => void) | null; heapSize?: () => number; idleMs?: number; checkMs?: number; growthBytes?: number },
): () => void;
