/** The audit module's public entry: how every other module records an audit row. */
export { recordAudit, recordAudits, recordStandaloneAudit } from './record-audit.ts';
