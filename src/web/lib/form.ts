import { revalidateLogic, type AnyFormApi } from '@tanstack/react-form';
import { fieldErrors, issuesSentence, type Issue } from '../../contracts/issues';
import type { z } from '../../contracts/zod';
import { ApiRequestError } from './api';

/**
 * Forms over the contracts' schemas. A form keeps its own values (text as typed); `toBody` turns
 * them into the request body, which the contract's schema checks. Each issue lands beside the
 * form field it is about (`fieldOf` maps a body path to it), the rest above the submit button.
 */

/** Where an issue about `path` (`a2a_endpoint`, `tags.3`) is shown: a form field's name, or null for the form. */
export type FieldOf = (path: string) => string | null;

/** Body paths to form fields: the first segment, renamed by `rename`, when the form has such a field. */
export const fieldsBy =
  (names: readonly string[], rename: Record<string, string> = {}): FieldOf =>
  (path) => {
    const head = path.split('.')[0] ?? '';
    const name = rename[head] ?? head;
    return names.includes(name) ? name : null;
  };

/** A contract message ("name must not be blank") as a sentence, the body field named as the form labels it. */
export function toSentence(message: string, path = '', label?: string): string {
  let text = message.trim();
  const head = path.split('.')[0] ?? '';
  if (label && head && text.startsWith(head)) text = label + text.slice(head.length);
  if (!text) return text;
  const s = (text[0] ?? '').toUpperCase() + text.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

export type FormErrors = { form?: string[]; fields: Record<string, string[]> };

/**
 * Issues as a form validator's answer: every field's messages beside it (each body path's first
 * reason, from `fieldErrors`), and what no field shows as one sentence for the form.
 */
export function formErrorsOf(issues: ReadonlyArray<Issue>, fieldOf: FieldOf, labels: Record<string, string> = {}): FormErrors | undefined {
  if (issues.length === 0) return undefined;
  const fields: Record<string, string[]> = {};
  const loose: Issue[] = [];
  const byPath = fieldErrors(issues);
  for (const [path, message] of Object.entries(byPath)) {
    const name = path ? fieldOf(path) : null;
    if (!name) {
      loose.push({ path: path ? path.split('.') : [], message });
      continue;
    }
    const text = toSentence(message, path, labels[name]);
    const list = (fields[name] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return { fields, ...(loose.length ? { form: [toSentence(issuesSentence(loose))] } : {}) };
}

/**
 * Validation from a contract schema: checked when the form is submitted, then again on every
 * change, so a fixed field's message goes as soon as it is fixed (nothing of an earlier submit
 * lingers) and a new problem shows at once.
 */
export function contractValidation<V>(
  schema: z.ZodMiniType,
  toBody: (values: V) => unknown,
  fieldOf: FieldOf,
  labels?: Record<string, string>,
  /** A rule of the console's own on top of the contract (a sentence per field). */
  also?: (values: V) => Record<string, string> | undefined,
) {
  return {
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }: { value: V }) => {
        const parsed = schema.safeParse(toBody(value));
        const errors = parsed.success ? undefined : formErrorsOf(parsed.error.issues, fieldOf, labels);
        const extra = Object.entries(also?.(value) ?? {});
        if (extra.length === 0) return errors;
        const merged: FormErrors = { ...errors, fields: { ...errors?.fields } };
        for (const [name, text] of extra) merged.fields[name] = [...(merged.fields[name] ?? []), text];
        return merged;
      },
    },
  };
}

/** The body to send, only when the schema takes it (a form never sends what its schema refuses). */
export function parsedBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The server's field errors (`ApiError.fields`, else `field`) beside the form's fields; what no field shows stays in the alert. */
export function serverErrorsOf(error: unknown, fieldOf: FieldOf, labels: Record<string, string> = {}): FormErrors | null {
  if (!(error instanceof ApiRequestError)) return null;
  const given = error.error.fields ?? (error.field ? { [error.field]: error.message } : {});
  const fields: Record<string, string[]> = {};
  for (const [path, message] of Object.entries(given)) {
    const name = fieldOf(path);
    if (name) (fields[name] ??= []).push(toSentence(message, path, labels[name]));
  }
  return Object.keys(fields).length ? { fields } : null;
}

export function applyServerErrors(form: AnyFormApi, error: unknown, fieldOf: FieldOf, labels?: Record<string, string>): boolean {
  const errors = serverErrorsOf(error, fieldOf, labels);
  if (errors) form.setErrorMap({ onServer: errors });
  return errors !== null;
}

export function clearServerErrors(form: AnyFormApi) {
  if (form.state.errorMap.onServer !== undefined || Object.values(form.state.fieldMeta).some((m) => m?.errorMap.onServer !== undefined)) {
    form.setErrorMap({ onServer: { fields: {} } });
  }
}

/** Strings of a field's or form's error list (validators may answer strings or lists of them). */
export const errorTexts = (errors: ReadonlyArray<unknown>): string[] => [
  ...new Set(errors.flat().filter((e): e is string => typeof e === 'string' && e !== '')),
];

/** Moves focus to the first invalid control of `form` once React has marked it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

type Def = { type: string; shape?: Record<string, { _zod: { def: Def } }>; innerType?: { _zod: { def: Def } }; in?: { _zod: { def: Def } }; checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }> };

/** The max length a contract's object schema gives the text field `key` (through optional, nullable and pipes), for a field's counter. */
export function maxLengthOf(schema: z.ZodMiniType, key: string): number | undefined {
  const unwrap = (d: Def | undefined): Def | undefined => (d && (d.innerType ?? d.in) ? unwrap((d.innerType ?? d.in)?._zod.def) : d);
  const root = unwrap((schema as unknown as { _zod: { def: Def } })._zod.def);
  const field = unwrap(root?.shape?.[key]?._zod.def);
  if (field?.type !== 'string') return undefined;
  const max = field?.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
  return typeof max === 'number' ? max : undefined;
}
