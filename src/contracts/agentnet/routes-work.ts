import { NoQuery, Params } from '../query';
import { agentnetSpend } from './spend';
import * as q from './requests-work';
import * as r from './records-work';
import { AgentParam, Empty, IdParam, op } from './op';

/** Organizations, their work and the task pool (docs/live-services.md#agent-network--live-paths live paths). */

const OrgParam = IdParam('oid', 'an org id (org_…)');
const TaskParam = IdParam('tid', 'a task id');
const org = Params({ oid: OrgParam });
const orgWork = Params({ oid: OrgParam, wid: IdParam('wid', 'a work id') });
const orgMember = Params({ oid: OrgParam, agent: AgentParam });
const task = Params({ tid: TaskParam });
const participation = Params({ tid: TaskParam, pid: IdParam('pid', 'a participation id') });

export const workOps = {
  'orgs.list': op('orgs.list', { summary: 'list organizations', method: 'GET', path: '/api/v1/orgs', query: NoQuery, answer: r.OrgList, empty: { orgs: [], count: 0 } }),
  'orgs.create': op('orgs.create', { summary: 'create an organization', method: 'POST', path: '/api/v1/orgs', body: q.OrgCreate, answer: r.Org }),
  'orgs.get': op('orgs.get', { summary: 'read an organization', method: 'GET', path: '/api/v1/orgs/:oid', params: org, query: NoQuery, answer: r.Org }),
  'orgs.update': op('orgs.update', { summary: 'change an organization', method: 'PATCH', path: '/api/v1/orgs/:oid', params: org, body: q.OrgUpdate, answer: r.Org }),
  'orgs.members': op('orgs.members', { summary: "list an organization's members", method: 'GET', path: '/api/v1/orgs/:oid/members', params: org, query: NoQuery, answer: r.OrgMembers, empty: { members: [] } }),
  'orgs.members.add': op('orgs.members.add', { summary: 'add a member to an organization', method: 'POST', path: '/api/v1/orgs/:oid/members', params: org, body: q.OrgMemberAdd }),
  'orgs.members.remove': op('orgs.members.remove', { summary: 'remove a member from an organization', method: 'DELETE', path: '/api/v1/orgs/:oid/members/:agent', params: orgMember }),
  'orgs.claim': op('orgs.claim', { summary: 'claim an organization', method: 'POST', path: '/api/v1/orgs/:oid/claim', params: org, body: Empty, answer: r.Org }),
  'orgs.transfer': op('orgs.transfer', { summary: 'transfer an organization', method: 'POST', path: '/api/v1/orgs/:oid/transfer', params: org, body: q.OrgTransfer, answer: r.Org }),
  'orgs.release': op('orgs.release', { summary: 'release an organization', method: 'POST', path: '/api/v1/orgs/:oid/release', params: org, body: Empty, answer: r.Org }),
  'orgs.dissolve': op('orgs.dissolve', { summary: 'dissolve an organization', method: 'POST', path: '/api/v1/orgs/:oid/dissolve', params: org, body: Empty, answer: r.Org }),
  'orgs.wallet': op('orgs.wallet', { summary: "read an organization's wallet", method: 'GET', path: '/api/v1/orgs/:oid/wallet', params: org, query: NoQuery, answer: r.OrgWallet }),
  'orgs.work.list': op('orgs.work.list', { summary: "list an organization's work", method: 'GET', path: '/api/v1/orgs/:oid/work', params: org, query: q.WorkQuery, answer: r.WorkList, empty: { work: [], count: 0 } }),
  'orgs.work.create': op('orgs.work.create', { summary: 'create a work item', method: 'POST', path: '/api/v1/orgs/:oid/work', params: org, body: q.WorkCreate, answer: r.WorkItem }),
  'orgs.work.update': op('orgs.work.update', { summary: 'change a work item', method: 'PATCH', path: '/api/v1/orgs/:oid/work/:wid', params: orgWork, body: q.WorkUpdate, answer: r.WorkItem }),
  'orgs.work.import': op('orgs.work.import', { summary: 'import a task as org work', method: 'POST', path: '/api/v1/orgs/:oid/work/import-task', params: org, body: q.ImportTask, answer: r.WorkItem }),
  'orgs.tick': op('orgs.tick', { summary: "tick an organization's loop", method: 'POST', path: '/api/v1/orgs/:oid/loop/tick', params: org, body: Empty, answer: r.TickResult }),
  'orgs.publishTask': op('orgs.publishTask', { summary: 'publish a task for an organization', method: 'POST', path: '/api/v1/orgs/:oid/publish-task', params: org, body: q.PublishTask, answer: r.Task, spend: agentnetSpend('orgs.publishTask') }),

  'tasks.list': op('tasks.list', { summary: 'list pool tasks', method: 'GET', path: '/api/v1/tasks', query: q.TaskListQuery, answer: r.TaskList, empty: { tasks: [], total: 0, has_more: false } }),
  'tasks.create': op('tasks.create', { summary: 'create a pool task', method: 'POST', path: '/api/v1/tasks', body: q.TaskCreate, answer: r.Task, spend: agentnetSpend('tasks.create') }),
  'tasks.match': op('tasks.match', { summary: 'match pool tasks by tags', method: 'GET', path: '/api/v1/tasks/match', query: q.TaskMatchQuery, answer: r.TaskList, empty: { tasks: [], total: 0 } }),
  'tasks.history': op('tasks.history', { summary: "read an agent's task history", method: 'GET', path: '/api/v1/tasks/agent/:id/history', params: Params({ id: AgentParam }), query: q.HistoryQuery, answer: r.TaskHistory, empty: { items: [] } }),
  'tasks.get': op('tasks.get', { summary: 'read a pool task', method: 'GET', path: '/api/v1/tasks/:tid', params: task, query: NoQuery, answer: r.Task }),
  'tasks.accept': op('tasks.accept', { summary: 'accept a pool task', method: 'POST', path: '/api/v1/tasks/:tid/accept', params: task, body: q.TaskAccept, answer: r.TaskAcceptResult }),
  'tasks.invite': op('tasks.invite', { summary: 'invite an agent to a task', method: 'POST', path: '/api/v1/tasks/:tid/invite', params: task, body: q.TaskInvite }),
  'tasks.submit': op('tasks.submit', { summary: 'submit a task result', method: 'POST', path: '/api/v1/tasks/:tid/submit', params: task, body: q.TaskSubmit, answer: r.Task }),
  'tasks.review': op('tasks.review', { summary: 'review a task result', method: 'POST', path: '/api/v1/tasks/:tid/review', params: task, body: q.TaskReview, answer: r.Task }),
  'tasks.cancel': op('tasks.cancel', { summary: 'cancel a pool task', method: 'POST', path: '/api/v1/tasks/:tid/cancel', params: task, body: Empty, answer: r.Task }),
  'tasks.participations': op('tasks.participations', { summary: "list a task's participations", method: 'GET', path: '/api/v1/tasks/:tid/participations', params: task, query: NoQuery, answer: r.ParticipationList, empty: { participations: [] } }),
  'tasks.participations.me': op('tasks.participations.me', { summary: 'read my participation', method: 'GET', path: '/api/v1/tasks/:tid/participations/me', params: task, query: NoQuery }),
  'tasks.participations.approve': op('tasks.participations.approve', { summary: 'approve an applicant', method: 'POST', path: '/api/v1/tasks/:tid/participations/:pid/approve', params: participation, body: Empty, answer: r.Task }),
  'tasks.participations.reject': op('tasks.participations.reject', { summary: 'reject an applicant', method: 'POST', path: '/api/v1/tasks/:tid/participations/:pid/reject', params: participation, body: Empty, answer: r.Task }),
  'tasks.participations.cancel': op('tasks.participations.cancel', { summary: 'withdraw from a task', method: 'POST', path: '/api/v1/tasks/:tid/participations/:pid/cancel', params: participation, body: Empty, answer: r.Task }),
};
