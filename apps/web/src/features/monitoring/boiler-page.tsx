import { MonitoringFrame } from './monitoring-frame';

export function BoilerPage() {
  return <MonitoringFrame equipment="boiler" units={['boiler1', 'boiler2']} />;
}
