import { Suspense, useState } from 'react';
import { FullScreenLoading } from '../ui/full-screen-loading';
import { NoData } from '../ui/panel';
import { views } from './views';

/** Renders a route's lazily loaded view with the full-screen loading indicator meanwhile. */
export function RouteView({ routeKey }: { routeKey: string }) {
  const View = views[routeKey];
  // Chosen once: switching from the lazy view to the loaded one would mount the page a second time.
  const [Loaded] = useState(() => View?.loaded?.());
  if (Loaded) return <Loaded />;
  return <Suspense fallback={<FullScreenLoading />}>{View ? <View /> : <NoData />}</Suspense>;
}
