// Scratch: deliberate violation of module-imported-only-through-its-index.
export { recordAudit } from '../audit/record-audit.ts';
