// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { JoinRequest, SubnetCreate } from '../../contracts/agentnet';
import { SandboxCreditsBody } from '../../contracts/bff-bodies';
import { TextTo3dPreviewRequest } from '../../contracts/gen3d';
import { ApiRequestError } from './api';
import { fieldsBy, formErrorsOf, maxLengthOf, serverErrorsOf, toSentence } from './form';

const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, body: unknown) => schema.safeParse(body).error?.issues ?? [];

describe('a form over a contract schema', () => {
  it('puts every field’s reason beside the field the form shows, named as the form labels it', () => {
    const fieldOf = fieldsBy(['name', 'tags', 'endpoint'], { a2a_endpoint: 'endpoint' });
    const errors = formErrorsOf(issues(JoinRequest, { name: 'agent-42', tags: ['ok', '', 'x'.repeat(40)], a2a_endpoint: 'not a url' }), fieldOf, { endpoint: 'Endpoint' });
    expect(errors?.fields).toEqual({
      name: ['Name looks auto-generated: give the agent a name people can read.'],
      tags: ['A tag must not be empty.', 'A tag takes at most 32 characters.'],
      endpoint: ['Endpoint must be a complete http(s) URL, path included.'],
    });
    expect(errors?.form).toBeUndefined();
  });

  it('says what no field shows once, for the whole form', () => {
    const errors = formErrorsOf(issues(SubnetCreate, { name: 'Harbor', lifecycle: 'task_scoped' }), fieldsBy(['name']));
    expect(errors?.fields).toEqual({});
    expect(errors?.form).toEqual(['Linked_task_id: a task-scoped subnet needs linked_task_id.']);
  });

  it('has nothing to say about a body the schema takes', () => {
    expect(formErrorsOf(issues(TextTo3dPreviewRequest, { mode: 'preview', prompt: 'a chair' }), fieldsBy(['prompt']))).toBeUndefined();
  });

  it('reads a field’s max length from the contract, for its counter', () => {
    expect(maxLengthOf(JoinRequest, 'description')).toBe(500);
    expect(maxLengthOf(SubnetCreate, 'name')).toBe(80);
    expect(maxLengthOf(JoinRequest, 'tags')).toBeUndefined();
    expect(maxLengthOf(SandboxCreditsBody, 'amount')).toBeUndefined();
  });

  it('puts the server’s field errors beside their fields, renamed like the form’s own', () => {
    const error = new ApiRequestError({ status: 400, code: 'invalid_input', message: 'Nothing was sent: a2a_endpoint: unreachable', retryAfter: null, field: 'a2a_endpoint', fields: { a2a_endpoint: 'a2a_endpoint is unreachable' } });
    expect(serverErrorsOf(error, fieldsBy(['endpoint'], { a2a_endpoint: 'endpoint' }), { endpoint: 'Endpoint' })).toEqual({ fields: { endpoint: ['Endpoint is unreachable.'] } });
    const single = new ApiRequestError({ status: 400, code: 'invalid_input', message: 'The prompt was refused by moderation.', retryAfter: null, field: 'prompt' });
    expect(serverErrorsOf(single, fieldsBy(['prompt']))).toEqual({ fields: { prompt: ['The prompt was refused by moderation.'] } });
    expect(serverErrorsOf(new Error('boom'), fieldsBy(['prompt']))).toBeNull();
  });

  it('writes contract messages as sentences', () => {
    expect(toSentence('prompt is required', 'prompt', 'Prompt')).toBe('Prompt is required.');
    expect(toSentence('Already a sentence.')).toBe('Already a sentence.');
    expect(toSentence('must be at most 80 characters', 'name', 'Name')).toBe('Must be at most 80 characters.');
  });
});
