/** The compliance feature's public entry (issue #29): FuelEU pooling, banking and borrowing, EU ETS allowances. */
import type { Store } from '../../db/client.ts';
import type { FleetService } from '../fleet/index.ts';
import { ComplianceRepository } from './compliance.repository.ts';
import { ComplianceService } from './compliance.service.ts';

export { compliancePlanOf, type ShipYear, withWhatIf } from './compliance.plan.ts';
export { complianceRoutes } from './compliance.routes.ts';
export { type ComplianceRequestInput, ComplianceService, carriedOf } from './compliance.service.ts';
export { complianceWorkbook } from './compliance.xlsx.ts';

/** Fleet compliance on a store: the service over the fleet's figures and the recorded flexibility (its repository stays inside). */
export function createCompliance(store: Store, deps: { fleet: FleetService }): ComplianceService {
  return new ComplianceService({ fleet: deps.fleet, repo: new ComplianceRepository(store.db) });
}
