export { SOCIAL_ROOT } from './paths';
export { createSocialSandbox, type SocialSandbox, type SocialSandboxDeps } from './app';
export { socialMigrations } from './store/migrations';
