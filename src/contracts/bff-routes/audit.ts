import { AuditPage, AuditQuery } from '../audit';
import { bffRoute } from './route';

/** The audit log's page (route.ts says what an entry holds): newest first, filtered, a page at a time; admins read it. */
export const list = bffRoute({ role: 'admin', method: 'GET', path: '/api/audit', query: AuditQuery, answer: AuditPage });
