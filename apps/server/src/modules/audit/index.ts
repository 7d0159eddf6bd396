/** The staff audit log (DESIGN §15), infrastructure: any module appends within its own transaction. */
export { type AuditActor, type AuditAppend, appendAudit, listAudit } from './audit.service';
export { auditRoutes } from './audit.routes';
