export { SOCIAL_ROOT } from './paths';
export { createSocialSandbox, type SocialSandboxDeps } from './app';
