import { MonitoringFrame } from './monitoring-frame';

export function GePage() {
  return <MonitoringFrame equipment="ge" units={['ge1', 'ge2', 'ge3']} />;
}
