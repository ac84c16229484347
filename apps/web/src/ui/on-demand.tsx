import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/**
 * A component whose code loads on demand: a view, a section's tab strip, the chart drawing. `preload` starts the load
 * before it renders (the same load, once) and settles when it is over (in or failed); `loaded` is the component
 * itself once its code is in.
 */
export interface OnDemand<P extends object> {
  preload: () => Promise<void>;
  loaded: () => ComponentType<P> | undefined;
  lazy: LazyExoticComponent<ComponentType<P>>;
}

/**
 * A load that brings the part of antd's stylesheet the first route does not draw (apps/web/antd-styles.ts) with it, so
 * what comes on demand never draws unstyled. The stylesheet loads once; later loads find it in.
 */
export function withStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), import('./antd-rest-styles')]).then(([loaded]) => loaded);
}

/** `styles: false` for the first route's own view, which draws with the first part of antd's stylesheet alone. */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { styles = true }: { styles?: boolean } = {},
): OnDemand<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let component: ComponentType<P> | undefined;
  const withRest = styles ? withStyles(load) : load;
  const once = () => {
    loading ??= withRest().then((loadedComponent) => {
      component = loadedComponent;
      return { default: loadedComponent };
    });
    return loading;
  };
  return {
    preload: () =>
      once().then(
        () => undefined,
        () => undefined,
      ),
    loaded: () => component,
    lazy: lazy(once),
  };
}

/**
 * Renders an on-demand component: directly once its code is in, else suspended behind `fallback`. Through `lazy`
 * alone a loaded component would suspend once more on its first render, and React holds a suspended part back
 * ~300 ms before it shows it.
 */
export function OnDemandView<P extends object>({
  of,
  fallback,
  props,
}: {
  of: OnDemand<P>;
  fallback: ReactNode;
  props: P;
}) {
  // Chosen once: switching from the lazy component to the loaded one would mount it a second time.
  const [Loaded] = useState(() => of.loaded());
  if (Loaded) return <Loaded {...props} />;
  const Lazy = of.lazy;
  return (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
}
