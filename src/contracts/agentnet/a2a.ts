/**
 * The receiving-side contract of the document (A2A JSON-RPC v0.3 `message/send`): the request the
 * service sends to an agent's endpoint, and each rule a reply must pass. The sandbox's pushes and
 * the console's A2A check both judge replies with this one function; `checkV1Reply` judges the
 * A2A v1.0 (`SendMessage`) form that `@a2a-js/sdk` 1.x speaks, where a card offers it.
 */

export type RuleResult = {
  id: string;
  /** What the rule requires, in words. */
  rule: string;
  /** true passed, false failed, null not checked (an earlier rule failed). */
  passed: boolean | null;
  detail: string;
};
export type ReplyVerdict = { ok: boolean; kind: 'task' | 'message' | null; rules: RuleResult[]; error: string | null };

export const A2A_PUSH_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'a2a-version': '0.3' } as const;

/** A v0.3 `message/send` request with one text part. */
export function messageSendRequest(id: string | number, text: string, extra: { messageId: string; contextId?: string; metadata?: Record<string, unknown> }) {
  return {
    jsonrpc: '2.0' as const,
    id,
    method: 'message/send' as const,
    params: {
      message: { kind: 'message', messageId: extra.messageId, role: 'user', parts: [{ kind: 'text', text }], ...(extra.contextId ? { contextId: extra.contextId } : {}), metadata: extra.metadata ?? {} },
      configuration: { blocking: true, acceptedOutputModes: [] as string[] },
      metadata: {},
    },
  };
}

/** A v1.0 `SendMessage` request (what `@a2a-js/sdk` 1.x sends without legacy mode). */
export function sendMessageV1Request(id: string | number, text: string, messageId: string) {
  return { jsonrpc: '2.0' as const, id, method: 'SendMessage' as const, params: { message: { messageId, role: 'ROLE_USER', parts: [{ text }], metadata: {} }, configuration: {}, metadata: {} } };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string' && v.length > 0;

class Rules {
  readonly list: RuleResult[] = [];
  private stopped: string | null = null;
  check(id: string, rule: string, passed: () => boolean, detail: (ok: boolean) => string, stop = true) {
    if (this.stopped) {
      this.list.push({ id, rule, passed: null, detail: `not checked: ${this.stopped}` });
      return false;
    }
    const ok = passed();
    this.list.push({ id, rule, passed: ok, detail: detail(ok) });
    if (!ok && stop) this.stopped = `${rule.toLowerCase()} failed`;
    return ok;
  }
  verdict(kind: ReplyVerdict['kind']): ReplyVerdict {
    const failed = this.list.find((r) => r.passed === false);
    return { ok: !failed, kind: failed ? null : kind, rules: this.list, error: failed ? `${failed.rule}: ${failed.detail}` : null };
  }
}

function envelope(r: Rules, requestId: string | number, status: number, bodyText: string) {
  r.check('http_status', 'HTTP 2xx', () => status >= 200 && status < 300, (ok) => (ok ? `HTTP ${status}` : `HTTP ${status}: the endpoint did not accept the request`));
  let body: unknown;
  r.check('json_body', 'A JSON object body', () => {
    if (!bodyText.trim()) return false;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return false;
    }
    return isObject(body);
  }, (ok) => (ok ? 'the body is a JSON object' : bodyText.trim() ? 'the body is not a JSON object' : 'an empty body (an empty 200 is a failed push)'));
  const b = (body ?? {}) as Record<string, unknown>;
  r.check('jsonrpc', 'jsonrpc is "2.0"', () => b.jsonrpc === '2.0', (ok) => (ok ? 'jsonrpc "2.0"' : `jsonrpc is ${JSON.stringify(b.jsonrpc)}`), false);
  r.check('id_echoed', 'The request id is echoed', () => b.id === requestId, (ok) => (ok ? `id ${JSON.stringify(requestId)} echoed` : `sent id ${JSON.stringify(requestId)}, got ${JSON.stringify(b.id)}`));
  r.check('no_error', 'No JSON-RPC error', () => b.error === undefined || b.error === null, () => (isObject(b.error) ? `error ${String(b.error.code)}: ${String(b.error.message)}` : 'no error member'));
  r.check('result_present', 'A non-empty result', () => isObject(b.result) && Object.keys(b.result).length > 0, (ok) => (ok ? 'result is an object' : `result is ${b.result === undefined ? 'missing' : JSON.stringify(b.result)} (an empty result is a failed push)`));
  return b;
}

/** Judges a reply to a v0.3 `message/send` against the document's receiving-side contract. */
export function checkReply(requestId: string | number, status: number, bodyText: string): ReplyVerdict {
  const r = new Rules();
  const b = envelope(r, requestId, status, bodyText);
  const result = (isObject(b.result) ? b.result : {}) as Record<string, unknown>;
  const keys = Object.keys(result);
  r.check('not_wrapped', 'The result is the task or message itself (no wrapper)', () => !(keys.length === 1 && (keys[0] === 'task' || keys[0] === 'message') && result.kind === undefined), (ok) =>
    ok ? 'no {task} or {message} wrapper' : `the result is wrapped as {${keys[0]}: …} (the v1.0 shape); the document wants the object itself with its kind`,
  );
  r.check('kind', 'result.kind is "task" or "message"', () => result.kind === 'task' || result.kind === 'message', () => (result.kind === undefined ? 'kind is missing' : `kind is ${JSON.stringify(result.kind)}`));
  const kind = result.kind as 'task' | 'message';
  if (kind === 'task') {
    const status = isObject(result.status) ? result.status : {};
    r.check('task_fields', 'A task has id, contextId and status.state', () => str(result.id) && str(result.contextId) && str(status.state), () =>
      [str(result.id) ? null : 'id', str(result.contextId) ? null : 'contextId', str(status.state) ? null : 'status.state'].filter(Boolean).join(', ').replace(/^(.+)$/, 'missing: $1') || `task ${String(result.id)} is ${String(status.state)}`,
    );
  } else {
    const parts = Array.isArray(result.parts) ? result.parts : null;
    const partsOk = !!parts && parts.length > 0 && parts.every((p) => isObject(p) && str(p.kind) && (p.kind !== 'text' || typeof p.text === 'string'));
    r.check('message_fields', 'A message has messageId, role and parts of {kind, text}', () => str(result.messageId) && str(result.role) && partsOk, (ok) =>
      ok ? `message ${String(result.messageId)} from ${String(result.role)}` : [str(result.messageId) ? null : 'messageId', str(result.role) ? null : 'role', partsOk ? null : 'parts of {kind, text}'].filter(Boolean).join(', ').replace(/^/, 'missing or malformed: '),
    );
  }
  return r.verdict(kind === 'task' || kind === 'message' ? kind : null);
}

/** Judges a reply to a v1.0 `SendMessage`: the result wraps `{task}` or `{message}` with TASK_STATE_* / ROLE_* names. */
export function checkV1Reply(requestId: string | number, status: number, bodyText: string): ReplyVerdict {
  const r = new Rules();
  const b = envelope(r, requestId, status, bodyText);
  const result = (isObject(b.result) ? b.result : {}) as Record<string, unknown>;
  const task = isObject(result.task) ? result.task : null;
  const message = isObject(result.message) ? result.message : null;
  r.check('wrapped', 'The result wraps {task} or {message}', () => !!(task ?? message), () => (task ? 'a task' : message ? 'a message' : `result keys: ${Object.keys(result).join(', ') || 'none'}`));
  if (task) {
    const st = isObject(task.status) ? task.status : {};
    r.check('task_fields', 'A task has id, contextId and a TASK_STATE_* state', () => str(task.id) && str(task.contextId) && typeof st.state === 'string' && st.state.startsWith('TASK_STATE_'), () => `state ${String(st.state)}`);
  } else {
    const m = message ?? {};
    r.check('message_fields', 'A message has messageId, a ROLE_* role and parts', () => str(m.messageId) && typeof m.role === 'string' && m.role.startsWith('ROLE_') && Array.isArray(m.parts) && m.parts.length > 0, () => `role ${String(m.role)}`);
  }
  return r.verdict(task ? 'task' : message ? 'message' : null);
}

/** What an agent card says about the protocol versions it serves (v0.3 card fields or v1.0 `supportedInterfaces`). */
export function cardVersions(card: unknown): { v03: string | null; v10: string | null } {
  if (!isObject(card)) return { v03: null, v10: null };
  const ifaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces.filter(isObject) : [];
  const jsonrpc = (v: string) => ifaces.find((i) => String(i.protocolBinding).toUpperCase() === 'JSONRPC' && String(i.protocolVersion) === v);
  const legacyUrl = typeof card.url === 'string' && (card.preferredTransport === undefined || String(card.preferredTransport).toUpperCase() === 'JSONRPC') ? card.url : null;
  const v10 = jsonrpc('1.0');
  const v03 = jsonrpc('0.3');
  return { v03: typeof v03?.url === 'string' ? v03.url : legacyUrl, v10: typeof v10?.url === 'string' ? v10.url : null };
}
