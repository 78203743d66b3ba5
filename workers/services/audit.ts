/** The audit model lives with the database (workers/db/audit.ts) so that every layer can record events. */
export { auditStatement, recordAudit, type Actor, type AuditInput } from "../db/audit";
