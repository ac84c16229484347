import { Suspense } from 'react';
import { FullScreenLoading } from '../ui/full-screen-loading';
import { NoData } from '../ui/panel';
import { views } from './views';

/** Renders a route's lazily loaded view with the full-screen loading indicator meanwhile. */
export function RouteView({ routeKey }: { routeKey: string }) {
  const View = views[routeKey];
  return <Suspense fallback={<FullScreenLoading />}>{View ? <View /> : <NoData />}</Suspense>;
}
