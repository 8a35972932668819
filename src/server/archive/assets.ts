/**
 * File URLs in task records reach the browser as same-origin BFF URLs. Every absolute http(s) URL
 * in a record is an asset, named by its path in the record (`model_urls.glb`,
 * `texture_urls.0.base_color`, `thumbnail_url`, ...).
 */
const isHttp = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//i.test(v);

export function collectAssets(record: unknown): Array<{ key: string; url: string }> {
  const out: Array<{ key: string; url: string }> = [];
  const walk = (v: unknown, path: string[]) => {
    if (isHttp(v)) out.push({ key: path.join('.'), url: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, String(i)]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(record, []);
  return out;
}

export const assetUrl = (service: string, taskId: string, key: string) =>
  `/api/files/${service}/${encodeURIComponent(taskId)}/${encodeURIComponent(key)}`;

/** A copy of the record with every file URL replaced by its BFF URL. */
export function rewriteAssets<T>(record: T, service: string, taskId: string): T {
  const walk = (v: unknown, path: string[]): unknown => {
    if (isHttp(v)) return assetUrl(service, taskId, path.join('.'));
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, String(i)]));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...path, k])]));
    return v;
  };
  return walk(record, []) as T;
}

const extByType: Record<string, string> = {
  'model/gltf-binary': 'glb',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** File extension for an asset: from its key (`model_urls.glb`), its URL path, or its type. */
export function assetExtension(key: string, url: string, contentType: string | null): string {
  const fromKey = /^model_urls\.([a-z0-9]+)$/i.exec(key)?.[1];
  if (fromKey) return fromKey.toLowerCase();
  const fromUrl = /\.([a-z0-9]{2,5})$/i.exec(new URL(url).pathname)?.[1];
  if (fromUrl) return fromUrl.toLowerCase();
  return (contentType && extByType[contentType.split(';')[0]?.trim() ?? '']) || 'bin';
}
