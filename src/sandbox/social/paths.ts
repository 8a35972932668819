/** Where the lead mounts the social sandbox; media URLs in records point below it. */
export const SOCIAL_ROOT = '/sandbox/social';
export const SOCIAL_MEDIA_PATH = `${SOCIAL_ROOT}/media`;
