// The types of cache-hits.mjs, for its test (the scripts are plain Node, not type-checked as JavaScript).
import type { IncomingMessage, RequestListener } from 'node:http';

export type PreparedHit = { status: number; headers: Record<string, string>; body: Uint8Array | null };
export type NodeHit = (req: IncomingMessage) => Promise<PreparedHit | null> | null;
export function withCacheHits(nodeHit: NodeHit, listener: RequestListener): RequestListener;
