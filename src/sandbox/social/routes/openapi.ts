import { z } from 'zod';
import { toJSONSchema, type ZodMiniType } from 'zod/mini';
import { socialRoutes } from '../../../contracts/social';
import { RATE_LIMITS } from '../http';
import { components, type ComponentName } from './openapi-schemas';
import { SOCIAL_ROOT } from '../paths';

/** One operation the sandbox serves, with a concrete path (lists expanded) in OpenAPI form. */
export type ServedOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  query: ZodMiniType | null;
  body?: ZodMiniType | null;
  headers?: readonly string[];
  pathParams: Record<string, object>;
  response: ComponentName | 'openapi' | 'png' | 'object' | 'file';
  summary: string;
  auth: boolean;
};

const MEDIA_FILE = /^(avatar-\d+|post-\d+-[1-4])\.png$/;

const summaries: Array<[RegExp, string]> = [
  [/credits$/, 'Credit balance of the key’s account; also verifies a key (reads cost no credits here)'],
  [/openapi\.json$/, 'This description'],
  [/tweets\/search$/, 'Search posts: words, "phrases", OR, -exclusion, ( ), from:, to:, lang:, since:, until:, min_faves:, min_retweets:, min_replies:, filter:media|images|videos|verified|replies|links'],
  [/tweets$/, 'Look up to 100 posts by id'],
  [/tweets\/\{id\}$/, 'One post and its author'],
  [/\{id\}\/replies$/, 'Direct replies to a post, oldest first'],
  [/\{id\}\/quotes$/, 'Posts quoting a post, newest first'],
  [/\{id\}\/retweeters$/, 'Users who reposted a post, latest first'],
  [/\{id\}\/favoriters$/, 'Users who liked a post'],
  [/\{id\}\/thread$/, 'The whole conversation of a post, in order'],
  [/users\/batch$/, 'Look up to 100 users by id'],
  [/users\/search$/, 'Search users by name, user name or bio (or the start of a user name), most followed first'],
  [/users\/\{user\}$/, 'A user, by id or user name'],
  [/\{user\}\/tweets$/, 'A user’s posts, quotes and reposts (no replies), newest first'],
  [/\{user\}\/replies$/, 'A user’s replies, newest first'],
  [/\{user\}\/likes$/, 'Posts a user liked, newest first'],
  [/\{user\}\/media$/, 'A user’s posts with media, newest first'],
  [/\{user\}\/mentions$/, 'Posts mentioning a user, newest first'],
  [/\{user\}\/followers$/, 'A user’s followers'],
  [/\{user\}\/following$/, 'Accounts a user follows'],
  [/\{user\}\/verified-followers$/, 'A user’s followers with a verified or blue check'],
  [/x\/trends$/, 'Trending hashtags of a place (last 30 days)'],
  [/v1\/trends$/, 'Trending topics of a place, in the account route’s shape'],
  [/media\/\{file\}$/, 'A picture the records point at (PNG; no key needed)'],
];

const LEGACY_READS = /^\/api\/v1\/(credits|trends|x\/(trends|tweets|users)(\/.*)?)$/;

function responseOf(path: string, method: string, file: boolean): ServedOperation['response'] {
  if (file) return 'file';
  if (path === '/openapi.json') return 'openapi';
  if (method !== 'GET' || !LEGACY_READS.test(path) || /\/(follow|like|retweet|bookmark)$/.test(path)) return 'object';
  if (path === '/api/v1/credits') return 'Credits';
  if (path === '/api/v1/x/trends') return 'Trends';
  if (path === '/api/v1/trends') return 'AccountTrends';
  if (path === '/api/v1/x/tweets') return 'Posts';
  if (path === '/api/v1/x/users/batch') return 'Users';
  if (path === '/api/v1/x/tweets/{id}') return 'PostLookup';
  if (path === '/api/v1/x/users/{user}') return 'User';
  if (/\/(retweeters|favoriters|followers|following|verified-followers|users\/search)$/.test(path)) return 'UserPage';
  return 'PostPage';
}

/** Every operation the sandbox serves: the contract's route table, plus media. */
export function servedOperations(): ServedOperation[] {
  const ops: ServedOperation[] = socialRoutes.map((route) => {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const params = route.params ? (toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object> }).properties ?? {} : {};
    const summary = summaries.find(([re]) => re.test(path))?.[1] ?? route.summary;
    const method = route.method.toLowerCase() as ServedOperation['method'];
    return { method, path, query: route.query ?? null, body: route.body ?? null, headers: route.headers ?? [], pathParams: params, response: responseOf(path, route.method, !!route.file), summary, auth: path !== '/openapi.json' };
  });
  ops.push({ method: 'get', path: '/media/{file}', query: null, pathParams: { file: { type: 'string', pattern: MEDIA_FILE.source } }, response: 'png', summary: summaries.at(-1)![1], auth: false });
  return ops;
}

const paramNotes: Record<string, string> = {
  q: 'The query (URL-encoded)',
  queryType: 'Latest (newest first, the default) or Top (by likes + 2·reposts + 3·quotes + replies)',
  cursor: 'next_cursor of the previous page, unchanged',
  limit: 'Page size, 1 to 100 (default 20)',
  ids: '1 to 100 numeric ids separated by commas',
  woeid: 'Place as a Yahoo WOEID (default 1, worldwide)',
  count: 'How many trends, 1 to 50 (default 30)',
};

function queryParameters(schema: ZodMiniType | null) {
  if (!schema) return [];
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    description: paramNotes[name],
    schema: s,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string, headers?: object) => ({ description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ref('Error') } } });

function operation(op: ServedOperation) {
  const pathParams = Object.entries(op.pathParams).map(([name, schema]) => ({ name, in: 'path', required: true, schema }));
  const ok =
    op.response === 'png'
      ? { description: 'PNG image', content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } }
      : op.response === 'file'
        ? { description: 'The exported file (csv, json, md, md-document, pdf, txt or xlsx)', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } }
        : { description: 'OK', content: { 'application/json': { schema: op.response === 'openapi' || op.response === 'object' ? { type: 'object' } : ref(op.response) } } };
  const body = op.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } } } } : {};
  const headerParams = (op.headers ?? []).map((name) => ({ name, in: 'header', required: true, description: 'A new random key per action; reuse it only to retry that action', schema: { type: 'string', minLength: 8, maxLength: 255 } }));
  const responses: Record<string, object> = { 200: ok };
  if (op.response !== 'openapi') responses[400] = errorResponse('Invalid parameters (invalid_input); the message names the problem');
  if (op.auth) responses[401] = errorResponse('Missing or invalid API key (unauthenticated)');
  if (op.path.includes('{') || op.response === 'Trends') responses[404] = errorResponse('Not found or not accessible (not_found)');
  if (op.auth) responses[429] = errorResponse('Rate limited (rate_limited)', { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } });
  responses['5XX'] = errorResponse('Server error; reads can be retried with backoff');
  const operationId = op.path.replace(/^\/(api\/v1\/)?(x\/)?/, '').replace(/[{}.]/g, '').split(/[/-]/).filter(Boolean).map((s, i) => (i ? s[0]!.toUpperCase() + s.slice(1) : s)).join('');
  return {
    operationId: `${op.method}${operationId[0]!.toUpperCase()}${operationId.slice(1)}`,
    summary: op.summary,
    ...(op.auth ? {} : { security: [] }),
    parameters: [...pathParams, ...headerParams, ...queryParameters(op.query)],
    ...body,
    responses,
  };
}

function schemas(): Record<string, object> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(components)) registry.add(schema, { id: name });
  const out = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12' }).schemas;
  return Object.fromEntries(Object.entries(out).map(([name, s]) => [name, Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$schema' && k !== '$id'))]));
}

let cachedSchemas: Record<string, object> | null = null;

/** The OpenAPI 3.1 document of what the sandbox serves, with servers at the request's origin. */
export function openApiDocument(origin: string) {
  cachedSchemas ??= schemas();
  const paths: Record<string, Record<string, object>> = {};
  for (const op of servedOperations()) (paths[op.path] ??= {})[op.method] = operation(op);
  const limits = Object.entries(RATE_LIMITS).map(([k, v]) => `${k} ${v.limit} per ${v.windowMs / 1000} s`).join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Social data service (sandbox)',
      version: '1.0.0',
      description: `The social data service as the embedded sandbox serves it: reads over a generated corpus (and the accounts and posts generated beyond it), extraction jobs and exports, draws, monitors, events, signed webhooks and account writes. Rate limits per key: ${limits}; 429 carries Retry-After. Errors: {error, message, retryAfter?}.`,
    },
    servers: [{ url: `${origin}${SOCIAL_ROOT}` }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key; keys start with xq_' } },
      schemas: cachedSchemas,
    },
    'x-rate-limits': RATE_LIMITS,
  };
}
