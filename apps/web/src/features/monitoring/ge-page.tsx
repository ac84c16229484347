import { MonitoringFrame } from './monitoring-frame';

const generators = ['ge1', 'ge2', 'ge3'];

export function GePage() {
  return <MonitoringFrame equipment="ge" units={generators} />;
}
