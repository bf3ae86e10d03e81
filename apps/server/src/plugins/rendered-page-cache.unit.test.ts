import { describe, expect, it, vi } from 'vitest';
import { createCacheRegistry } from '../lib/cache/cache-registry.ts';
import { createKeyedCache } from '../lib/cache/keyed-cache.ts';
import type { RenderedPage } from './page-rendering.ts';
import { withRenderedPageCache } from './rendered-page-cache.ts';

function setup(ttlMs = 5000) {
  let version = 0;
  const render = vi.fn(async (url: string): Promise<RenderedPage | null> => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url === '/fails') throw new Error('render failed');
    if (url === '/declined') return null;
    version++;
    return { head: '', markup: `<h1>${url} v${version}</h1>`, title: null, plan: null };
  });
  const caches = createCacheRegistry();
  const cached = withRenderedPageCache(
    render,
    createKeyedCache<RenderedPage | null>({ name: 'catalog', ttlMs, registry: caches }),
  );
  return {
    render,
    cached,
    changeCatalog: () => caches.invalidate('catalog'),
  };
}

describe('withRenderedPageCache', () => {
  it('renders a URL once for concurrent first visits and keeps it', async () => {
    const { render, cached } = setup();
    const pages = await Promise.all(Array.from({ length: 20 }, () => cached('/shop')));
    expect(new Set(pages.map((page) => page?.markup))).toEqual(new Set(['<h1>/shop v1</h1>']));
    expect((await cached('/shop'))?.markup).toBe('<h1>/shop v1</h1>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders again after a catalog change, and after the lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { render, cached, changeCatalog } = setup(5000);
      await cached('/shop/3');
      changeCatalog();
      expect((await cached('/shop/3'))?.markup).toBe('<h1>/shop/3 v2</h1>');
      vi.setSystemTime(Date.now() + 5001);
      expect((await cached('/shop/3'))?.markup).toBe('<h1>/shop/3 v3</h1>');
      expect(render).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a render that was under way when the catalog changed', async () => {
    const { cached, changeCatalog } = setup();
    const stale = cached('/shop');
    changeCatalog();
    expect((await stale)?.markup).toBe('<h1>/shop v1</h1>');
    expect((await cached('/shop'))?.markup).toBe('<h1>/shop v2</h1>');
  });

  it('keeps a declined page but not a failed render', async () => {
    const { render, cached } = setup();
    expect(await cached('/declined')).toBeNull();
    expect(await cached('/declined')).toBeNull();
    await expect(cached('/fails')).rejects.toThrow('render failed');
    await expect(cached('/fails')).rejects.toThrow('render failed');
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('passes every visit through when pages are not to be kept', async () => {
    const { render } = setup();
    const uncached = withRenderedPageCache(
      render,
      createKeyedCache<RenderedPage | null>({ name: 'catalog', ttlMs: 0, registry: createCacheRegistry() }),
    );
    await uncached('/shop');
    await uncached('/shop');
    expect(render).toHaveBeenCalledTimes(2);
  });
});
