// Scratch: deliberate violation of plugins-and-policy-import-no-module.
export { recordAudit } from '../modules/audit/index.ts';
