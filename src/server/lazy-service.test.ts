import { describe, expect, it, vi } from 'vitest';
import { lazyService } from './lazy-service';

describe('lazyService', () => {
  it('builds once and hands every caller the same instance', async () => {
    const build = vi.fn(async () => ({ n: 1 }));
    const get = lazyService(build);
    expect(get.built()).toBeUndefined();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await get.built()).toBe(a);
  });

  it('forgets a build that failed, so the next call builds again instead of failing forever', async () => {
    let fail = true;
    const build = vi.fn(async () => {
      if (fail) throw new Error('duplicate key value violates unique constraint');
      return 'ready';
    });
    const get = lazyService(build);
    await expect(get()).rejects.toThrow(/duplicate key/);
    expect(get.built()).toBeUndefined();
    fail = false;
    await expect(get()).resolves.toBe('ready');
    expect(build).toHaveBeenCalledTimes(2);
  });
});
