/** Fleet compliance ashore (issue #29): FuelEU pooling, banking and borrowing, EU ETS allowances. */

export { compliancePlanOf, type ShipYear, withWhatIf } from './compliance.plan.ts';
export { ComplianceRepository } from './compliance.repository.ts';
export { complianceRoutes } from './compliance.routes.ts';
export { type ComplianceRequestInput, ComplianceService, carriedOf } from './compliance.service.ts';
export { complianceWorkbook } from './compliance.xlsx.ts';
