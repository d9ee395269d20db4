import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces } from '../i18n/index.ts';

type PageModule = { default: ComponentType };

/** A code-split page that can also start loading before React asks for it. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<PageModule> };

/**
 * `namespaces`: the page's strings, requested with its code. Otherwise the page's first render
 * asks for them and suspends, one more round trip before its text (the largest paint) shows.
 */
export function lazyPage(load: () => Promise<PageModule>, namespaces: readonly string[] = []): LazyPage {
  let loaded: PageModule | undefined;
  const preload = () =>
    Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => {
      loaded = module;
      return module;
    });
  // React.lazy settles at once when the thenable it gets calls back synchronously: a page loaded
  // before React meets it renders in the same pass, with no Suspense fallback shown for a frame.
  const settled = (module: PageModule) =>
    ({ then: (fulfil: (value: PageModule) => void) => fulfil(module) }) as unknown as Promise<PageModule>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
