import { MonitoringFrame } from './monitoring-frame';

const boilers = ['boiler1', 'boiler2'];

export function BoilerPage() {
  return <MonitoringFrame equipment="boiler" units={boilers} />;
}
