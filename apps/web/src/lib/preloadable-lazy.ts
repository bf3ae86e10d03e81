import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Module<T> = { default: T };

// biome-ignore lint/suspicious/noExplicitAny: as React.lazy: a component of any props.
type AnyComponent = ComponentType<any>;

export type PreloadableLazy<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Downloads the component's code; once it has arrived, the component renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy whose code can be fetched ahead of its first render. Once loaded, its first render
 * does not suspend: the loader answers with a thenable that resolves at once, which React.lazy reads
 * synchronously. A server-rendered page needs that: a boundary still waiting for its code when the
 * session check updates the app would be thrown away and rendered again in the browser.
 */
export function preloadableLazy<T extends AnyComponent>(load: () => Promise<Module<T>>): PreloadableLazy<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // A failed download is tried again by the next render.
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    const settled: PromiseLike<Module<T>> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose: it calls back synchronously, so React.lazy has the module before it renders.
      then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(ready) : ready) as never,
    };
    return settled as Promise<Module<T>>;
  });
  return Object.assign(component, { preload });
}
