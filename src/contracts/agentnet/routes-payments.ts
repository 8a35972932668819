import { NoQuery, Params } from '../query';
import { agentnetSpend } from './spend';
import * as q from './requests-payments';
import * as r from './records-payments';
import { Subnet } from './records';
import { agentParams, AgentParam, Empty, IdParam, op, SubnetParam, subnetParams } from './op';

/** Wallets and payments, the owner flows (owner identity token) and subnet administration. */

const payment = Params({ tid: IdParam('tid', 'a payment task id') });
const invitation = Params({ sid: SubnetParam, rid: IdParam('rid', 'an invitation id') });

export const paymentOps = {
  'wallet.info': op('wallet.info', { summary: "read an agent's wallet", method: 'GET', path: '/api/v1/agents/:id/wallets', params: agentParams, query: NoQuery, answer: r.WalletCapability }),
  'wallet.capability.get': op('wallet.capability.get', { summary: "read an agent's payment capability", method: 'GET', path: '/api/v1/payments/:id/payment-capability', params: agentParams, query: NoQuery, answer: r.WalletCapability }),
  'wallet.capability.set': op('wallet.capability.set', { summary: "set an agent's payment capability", method: 'POST', path: '/api/v1/payments/:id/payment-capability', params: agentParams, body: q.PaymentCapability }),
  'wallet.pricing.get': op('wallet.pricing.get', { summary: "read an agent's token pricing", method: 'GET', path: '/api/v1/payments/:id/token-pricing', params: agentParams, query: NoQuery, answer: r.TokenPricingRecord }),
  'wallet.pricing.set': op('wallet.pricing.set', { summary: "set an agent's token pricing", method: 'POST', path: '/api/v1/payments/:id/token-pricing', params: agentParams, body: q.TokenPricing, answer: r.TokenPricingRecord }),
  'wallet.estimate': op('wallet.estimate', { summary: 'estimate the cost of a call', method: 'POST', path: '/api/v1/payments/billing/estimate', body: q.Estimate, answer: r.EstimateResult }),
  'payments.stats': op('payments.stats', { summary: "read an agent's payment stats", method: 'GET', path: '/api/v1/payments/stats/:id', params: agentParams, query: NoQuery, answer: r.PaymentStats }),
  'payments.list': op('payments.list', { summary: "list an agent's payments", method: 'GET', path: '/api/v1/payments/tasks/agent/:id', params: agentParams, query: q.PaymentsQuery, answer: r.PaymentList, empty: { tasks: [] } }),
  'payments.create': op('payments.create', { summary: 'create a payment', method: 'POST', path: '/api/v1/payments/tasks', body: q.PaymentCreate, answer: r.PaymentTask, spend: agentnetSpend('payments.create') }),
  'payments.get': op('payments.get', { summary: 'read a payment', method: 'GET', path: '/api/v1/payments/tasks/:tid', params: payment, query: NoQuery, answer: r.PaymentTask }),
  'payments.confirm': op('payments.confirm', { summary: 'confirm a payment', method: 'POST', path: '/api/v1/payments/tasks/:tid/confirm', params: payment, body: q.PaymentConfirm, answer: r.PaymentTask }),

  'agents.claim': op('agents.claim', { summary: 'claim an agent', method: 'POST', path: '/api/v1/agents/:id/claim', params: agentParams, body: q.Claim, answer: r.ClaimResult }),
  'agents.transferInvite': op('agents.transferInvite', { summary: 'create a transfer invite', method: 'POST', path: '/api/v1/agents/:id/transfer-invite', params: agentParams, body: q.TransferInvite, answer: r.TransferInviteResult }),
  'agents.transferInvite.cancel': op('agents.transferInvite.cancel', { summary: 'cancel a transfer invite', method: 'POST', path: '/api/v1/agents/:id/transfer-invite/cancel', params: agentParams, body: Empty }),
  'agents.deletion.confirm': op('agents.deletion.confirm', { summary: "confirm an agent's deletion", method: 'POST', path: '/api/v1/agents/:id/deletion-request/confirm', params: agentParams, body: q.DeletionConfirm }),

  'subnets.harness': op('subnets.harness', { summary: "set or clear a subnet's harness", method: 'PATCH', path: '/api/v1/subnets/:sid/harness', params: subnetParams, body: q.HarnessSet }),
  'subnets.promote': op('subnets.promote', { summary: 'promote a task-scoped subnet', method: 'POST', path: '/api/v1/subnets/:sid/promote', params: subnetParams, body: Empty, answer: Subnet }),
  'subnets.transfer': op('subnets.transfer', { summary: 'transfer a subnet', method: 'POST', path: '/api/v1/subnets/:sid/transfer', params: subnetParams, body: q.SubnetTransfer, answer: Subnet }),
  'subnets.allowlist': op('subnets.allowlist', { summary: "list a subnet's allowlist", method: 'GET', path: '/api/v1/subnets/:sid/allowlist', params: subnetParams, query: q.AdmissionQuery, empty: { entries: [] } }),
  'subnets.allowlist.add': op('subnets.allowlist.add', { summary: "add to a subnet's allowlist", method: 'POST', path: '/api/v1/subnets/:sid/allowlist', params: subnetParams, body: q.SubnetAllowlistAdd }),
  'subnets.allowlist.remove': op('subnets.allowlist.remove', { summary: "remove from a subnet's allowlist", method: 'DELETE', path: '/api/v1/subnets/:sid/allowlist/:agent', params: Params({ sid: SubnetParam, agent: AgentParam }) }),
  'subnets.invitations': op('subnets.invitations', { summary: "list a subnet's invitations", method: 'GET', path: '/api/v1/subnets/:sid/invitations', params: subnetParams, query: q.AdmissionQuery, empty: { items: [] } }),
  'subnets.invitations.send': op('subnets.invitations.send', { summary: 'invite an agent to a subnet', method: 'POST', path: '/api/v1/subnets/:sid/invitations', params: subnetParams, body: q.SubnetInvite }),
  'subnets.invitations.accept': op('subnets.invitations.accept', { summary: 'accept a subnet invitation', method: 'POST', path: '/api/v1/subnets/:sid/invitations/:rid/accept', params: invitation, body: Empty }),
  'subnets.invitations.reject': op('subnets.invitations.reject', { summary: 'reject a subnet invitation', method: 'POST', path: '/api/v1/subnets/:sid/invitations/:rid/reject', params: invitation, body: Empty }),
  'subnets.invitations.cancel': op('subnets.invitations.cancel', { summary: 'cancel a subnet invitation', method: 'DELETE', path: '/api/v1/subnets/:sid/invitations/:rid', params: invitation }),
  'agents.subnetInvitations': op('agents.subnetInvitations', { summary: 'list invitations waiting on an agent', method: 'GET', path: '/api/v1/agents/:id/subnet-invitations', params: Params({ id: AgentParam }), query: NoQuery, empty: { items: [] } }),
};
