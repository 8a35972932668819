import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Operator } from './operators';

/**
 * The sign-in and account pages: plain HTML served by the BFF with the console's own stylesheet,
 * no script, so they add nothing to the SPA's bundle and work before any JavaScript loads.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The stylesheets the built SPA links (hashed names), re-read when a new build replaces them. */
export function stylesheets(distDir: string | undefined): () => string[] {
  let cached: { mtime: number; hrefs: string[] } | null = null;
  return () => {
    if (!distDir) return [];
    const index = join(distDir, 'index.html');
    if (!existsSync(index)) return [];
    const mtime = statSync(index).mtimeMs;
    if (cached?.mtime !== mtime) {
      const html = readFileSync(index, 'utf8');
      const hrefs = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => /href="(\/assets\/[^"]+\.css)"/.exec(m[0])?.[1]).filter((h): h is string => !!h);
      cached = { mtime, hrefs };
    }
    return cached.hrefs;
  };
}

const input = 'h-9 w-full rounded border border-border bg-surface px-2.5 text-base text-fg aria-invalid:border-danger';
const primary = 'inline-flex h-9 items-center justify-center rounded bg-accent px-3.5 text-base font-medium text-accent-fg shadow-card hover:opacity-90';
const secondary = 'inline-flex h-9 items-center justify-center rounded border border-border bg-surface px-3.5 text-base font-medium text-fg hover:bg-surface-2';

function layout(title: string, css: string[], body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="color-scheme" content="light">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${css.map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join('\n')}
<title>${escape(title)} · Triptych</title>
</head>
<body>
<main class="mx-auto flex min-h-full max-w-sm flex-col justify-center gap-6 px-6 py-10">
<p class="flex items-center gap-2 text-lg font-semibold"><img src="/favicon.svg" alt="" class="size-6">Triptych</p>
${body}
</main>
</body>
</html>`;
}

function field(id: string, label: string, type: string, autocomplete: string, opts: { value?: string; error?: string | null; hint?: string } = {}): string {
  const described = [opts.hint ? `${id}-hint` : null, opts.error ? 'form-error' : null].filter(Boolean).join(' ');
  return `<div class="flex flex-col gap-1">
<label for="${id}" class="text-sm font-medium">${escape(label)}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required class="${input}"${opts.value ? ` value="${escape(opts.value)}"` : ''}${opts.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${opts.hint ? `<p id="${id}-hint" class="text-xs text-muted">${escape(opts.hint)}</p>` : ''}
</div>`;
}

const alert = (message: string | null | undefined) => (message ? `<p id="form-error" role="alert" class="rounded border border-danger px-3 py-2 text-base text-danger">${escape(message)}</p>` : '');
const note = (message: string | null | undefined) => (message ? `<p role="status" class="rounded border border-border bg-surface px-3 py-2 text-base">${escape(message)}</p>` : '');

export function signInPage(opts: { css: string[]; next: string; email?: string; error?: string | null; notice?: string | null; sso?: string | null }): string {
  return layout(
    'Sign in',
    opts.css,
    `<h1 class="text-xl font-semibold">Sign in</h1>
${note(opts.notice)}
${alert(opts.error)}
<form method="post" action="/sign-in" class="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-card">
<input type="hidden" name="next" value="${escape(opts.next)}">
${field('email', 'Email', 'email', 'username', { value: opts.email, error: opts.error })}
${field('password', 'Password', 'password', 'current-password', { error: opts.error })}
<button type="submit" class="${primary}">Sign in</button>
</form>
${opts.sso ? `<a href="/sign-in/oidc?next=${encodeURIComponent(opts.next)}" class="${secondary}">Sign in with ${escape(opts.sso)}</a>` : ''}
<p class="text-sm text-muted">Operator accounts are created on the console's machine: <code>npx tsx src/server/cli.ts create-operator --email you@example.com</code></p>`,
  );
}

export function accountPage(opts: { css: string[]; operator: Operator; expiresAt: Date; error?: string | null; notice?: string | null }): string {
  return layout(
    'Account',
    opts.css,
    `<h1 class="text-xl font-semibold">Account</h1>
${note(opts.notice)}
<p class="text-base">Signed in as <strong>${escape(opts.operator.email)}</strong> (${escape(opts.operator.role)}). This session ends at <time datetime="${opts.expiresAt.toISOString()}">${escape(opts.expiresAt.toUTCString())}</time>.</p>
<div class="flex gap-2"><a href="/" class="${secondary}">Back to the console</a>
<form method="post" action="/sign-out"><button type="submit" class="${secondary}">Sign out</button></form></div>
<h2 class="text-lg font-semibold">Change the password</h2>
${alert(opts.error)}
<form method="post" action="/account/password" class="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-card">
<input type="hidden" name="email" value="${escape(opts.operator.email)}" autocomplete="username">
${field('current', 'Current password', 'password', 'current-password', { error: opts.error })}
${field('password', 'New password', 'password', 'new-password', { hint: 'At least 12 characters. Your other sessions are signed out.', error: opts.error })}
${field('confirm', 'New password again', 'password', 'new-password', { error: opts.error })}
<button type="submit" class="${primary}">Change the password</button>
</form>`,
  );
}
