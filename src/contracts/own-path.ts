/** A path on the console itself (`/…`, never `//host/…`, which a browser reads as another host). */
export const isOwnPath = (src: string) => src.startsWith('/') && !src.startsWith('//');
