import { beforeAll, describe, expect, it } from 'vitest';
import { socialRoutes } from '../../../contracts/social';
import { degree } from '../engine/corpus/csr';
import { components, type ComponentName } from './openapi-schemas';
import { avatarFile } from './records';
import { makeSandbox } from '../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
type Param = { name: string; in: string; required: boolean; schema: { enum?: string[] } };
type Operation = { parameters: Param[]; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>; security?: unknown[] };
type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; schemas: Record<string, unknown> };
};

/** The routes the sandbox serves, as OpenAPI paths: the contract's table with lists expanded, plus media. */
function served(): string[] {
  const out = ['GET /media/{file}'];
  for (const r of socialRoutes) {
    let paths = [r.path];
    for (const [name, allowed] of Object.entries(r.params ?? {})) {
      if (Array.isArray(allowed)) paths = paths.flatMap((p) => allowed.map((v) => p.replace(`:${name}`, v)));
    }
    out.push(...paths.map((p) => `${r.method} ${p.replace(/:(\w+)/g, '{$1}')}`));
  }
  return out.sort();
}

const busy = [...corpus.posts].sort((a, b) => degree(corpus.conversation, b.root) - degree(corpus.conversation, a.root))[0]!;
const popular = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount)[0]!;
const samples: Record<string, string> = { id: busy.id, user: popular.username, file: avatarFile(popular), q: 'coffee' };

describe('openapi.json', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await sb.call<Doc>('/openapi.json', { key: null });
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is served without a key as an OpenAPI 3.1 document with x-api-key security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(sb.base);
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }));
  });

  it('lists exactly the operations the sandbox serves', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(served());
  });

  it('derives parameters from the contract schemas', () => {
    const search = doc.paths['/api/v1/x/tweets/search']!.get!;
    const byName = Object.fromEntries(search.parameters.map((p) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['cursor', 'limit', 'q', 'queryType', 'sinceTime', 'language', 'pageSize']));
    expect(byName.q!.required).toBe(true);
    expect(byName.queryType!.schema.enum).toEqual(['Latest', 'Top']);
    const replies = doc.paths['/api/v1/x/tweets/{id}/replies']!.get!;
    expect(replies.parameters.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const op of Object.values(ops)) {
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
        expect(op.security).toBeUndefined();
      }
    }
    expect(doc.paths['/media/{file}']!.get!.security).toEqual([]);
  });

  it('serves every documented path, answering with its documented schema', async () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      // The read routes with a documented component; workflows and writes are tested on their own.
      const schemaRef = op?.responses['200']!.content?.['application/json']?.schema.$ref;
      if (!op || (!schemaRef && !op.responses['200']!.content?.['image/png'])) continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => samples[name]!);
      const query = op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(p.name === 'ids' ? (path.includes('users') ? popular.id : busy.id) : samples[p.name]!)}`);
      const answer = await sb.call(query.length ? `${url}?${query.join('&')}` : url);
      expect(answer.status, path).toBe(200);
      const ok = op.responses['200']!.content!;
      if (ok['image/png']) {
        expect(answer.headers.get('content-type')).toBe('image/png');
        continue;
      }
      const ref = ok['application/json']!.schema.$ref;
      if (!ref) continue;
      const name = ref.split('/').pop() as ComponentName;
      expect(doc.components.schemas[name], name).toBeDefined();
      const parsed = components[name].safeParse(answer.body);
      expect(parsed.success, `${path}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('documents the error body', async () => {
    const res401 = await sb.call('/api/v1/credits', { key: null });
    expect(components.Error.safeParse(res401.body).success).toBe(true);
    const res400 = await sb.call('/api/v1/x/tweets/search?q=%22');
    expect(components.Error.safeParse(res400.body).success).toBe(true);
  });
});
