/**
 * The one place a validation issue becomes words. The BFF, the sandboxes and the browser's forms
 * all speak through these, so a refused field reads the same wherever it is refused.
 */
export type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string; readonly code?: string };

/** `a.b.0` for a path; empty for the whole value. */
export const pathOf = (issue: Issue) => issue.path.map(String).join('.');

/** One issue as `field: reason` (or the reason alone for the whole value). */
export const issueText = (issue: Issue) => {
  const field = pathOf(issue);
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
};

/** Every issue in one sentence, `a: reason; b: reason`, without a closing full stop. */
export const issuesSentence = (issues: ReadonlyArray<Issue>) => issues.map(issueText).join('; ').replace(/\.$/, '') || 'the value is not valid';

/**
 * Field errors keyed by path (`prompt`, `target_formats.0`), first reason of each field kept, in
 * the order they were found; issues about the whole value go under `''`.
 */
export function fieldErrors(issues: ReadonlyArray<Issue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = pathOf(issue);
    out[key] ??= issue.message;
  }
  return out;
}

/** The first field an issue list names, or null. */
export const firstField = (issues: ReadonlyArray<Issue>) => {
  const named = issues.find((i) => i.path.length > 0);
  return named ? pathOf(named) : null;
};
