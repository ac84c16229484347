/** The backup feature's public entry: what the rest of the server may use of it. */
export { backupRoutes } from './backup.routes.ts';
export { BackupService } from './backup.service.ts';
