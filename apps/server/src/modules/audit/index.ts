// The audit module's public surface: code outside the module imports only from here (decision 0035).
export { auditModule } from './audit-module.ts';
export { changedFields } from './changed-fields.ts';
export { recordAudit, SYSTEM_ACTOR } from './record-audit.ts';
