/** The ledger feature's public entry: what the rest of the server may use of it. */
export { LedgerService, ledgerOf, ledgerRecordsOf, RULE_SETS, voyageFuelT } from './ledger.service.ts';
