import { notImitatedMessage, type Dialect } from '../shared/register';
import { detailError, respond, validationError } from './errors';
import { issuesToItems } from './validation';

/**
 * The agent network's answers to what the route table's checks refuse: FastAPI's 422
 * `{detail: [{loc, msg, type}]}` for a bad body, query or path; `{detail}` for the rest.
 */
export const agentnetDialect: Dialect = {
  refused: (c, refusal) =>
    refusal.status === 413
      ? respond(c, detailError(413, 'Request body too large'))
      : respond(c, validationError(issuesToItems(refusal.issues, refusal.where === 'params' ? 'path' : refusal.where))),
  notImitated: (c, op) => respond(c, detailError(404, notImitatedMessage(op))),
  notFound: (c) => respond(c, detailError(404, 'Not Found')),
  methodNotAllowed: (c, path, allow) =>
    respond(
      c,
      detailError(
        405,
        path === '/api/v1/subnets/:sid'
          ? 'Method Not Allowed: a subnet cannot be changed after creation (join_policy and parent_subnet_id are immutable)'
          : 'Method Not Allowed',
        { Allow: allow.join(', ') },
      ),
    ),
};
