import { describe, expect, it } from 'vitest';
import { type BudgetChunk, landingBudgetProblems, landingChunks } from './dev/landing-budget.ts';

const chunk = (fileName: string, over: Partial<BudgetChunk> = {}): BudgetChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  imports: [],
  moduleIds: [`/repo/apps/web/src/${fileName}.tsx`],
  code: `export const x = ${JSON.stringify(fileName)};`,
  ...over,
});

const bundleOf = (...chunks: BudgetChunk[]) => Object.fromEntries(chunks.map((c) => [c.fileName, c]));

describe('the landing bundle budget (vite build fails on a problem)', () => {
  it('counts the entry and its static imports, not lazy chunks', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, imports: ['react.js'] }),
      chunk('react.js', { imports: ['runtime.js'] }),
      chunk('runtime.js'),
      chunk('shop-page.js', { imports: ['react.js'] }),
    );
    expect(landingChunks(bundle).map((c) => c.fileName)).toEqual(['index.js', 'react.js', 'runtime.js']);
  });

  it('accepts zod in a lazily loaded chunk', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true }),
      chunk('use-contract-form.js', { moduleIds: ['/repo/node_modules/zod/v4/classic/schemas.js'] }),
    );
    expect(landingBudgetProblems(bundle)).toEqual([]);
  });

  it('refuses zod in a chunk the entry imports (a modulepreload)', () => {
    const bundle = bundleOf(
      chunk('index.js', { isEntry: true, imports: ['use-document-title.js'] }),
      chunk('use-document-title.js', { moduleIds: ['/repo/node_modules/zod/v4/core/core.js'] }),
    );
    expect(landingBudgetProblems(bundle)).toEqual([
      expect.stringContaining('zod is in use-document-title.js'),
    ]);
  });

  it('refuses a landing bundle over its gzip budget', () => {
    const random = Array.from({ length: 4000 }, (_, i) => ((i * 7919) % 65_521).toString(36)).join('');
    const bundle = bundleOf(chunk('index.js', { isEntry: true, code: random }));
    expect(landingBudgetProblems(bundle, 1000)).toEqual([expect.stringContaining('over its budget of 1000')]);
    expect(landingBudgetProblems(bundle, 1_000_000)).toEqual([]);
  });
});
