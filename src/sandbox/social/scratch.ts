import { toJSONSchema } from 'zod/mini';
import { SearchQuery, PageQuery, IdsQuery, TrendsQuery, UserSearchQuery } from '../../contracts/social/routes';
for (const s of [SearchQuery, PageQuery, IdsQuery, TrendsQuery, UserSearchQuery]) {
  try { console.log(JSON.stringify(toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }))); } catch (e) { console.log('ERR', (e as Error).message); }
}
