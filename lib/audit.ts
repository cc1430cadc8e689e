// The shape of the audit log's entries, as the panel shows an enquiry's history.
/** One admin change: who, what, before and after. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
}
