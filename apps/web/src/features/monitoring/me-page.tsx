import { MonitoringFrame } from './monitoring-frame';

export function MePage() {
  return <MonitoringFrame equipment="me" units={['me']} />;
}
