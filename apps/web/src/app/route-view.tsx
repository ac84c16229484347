import { FullScreenLoading } from '../ui/full-screen-loading';
import { OnDemandView } from '../ui/on-demand';
import { NoData } from '../ui/panel';
import { views } from './views';

/** Renders a route's view, loaded on demand, with the full-screen loading indicator meanwhile. */
export function RouteView({ routeKey }: { routeKey: string }) {
  const view = views[routeKey];
  return view ? <OnDemandView of={view} fallback={<FullScreenLoading />} props={{}} /> : <NoData />;
}
