import { useRef, type FormEvent } from 'react';
import type { z } from '../../../contracts/zod';
import { applyServerErrors, clearServerErrors, contractValidation, fieldsBy, focusFirstInvalid, parsedBody } from '../../lib/form';
import { useAppForm } from './app-form';

type Options<V extends Record<string, unknown>, S extends z.ZodMiniType> = {
  /** The contract's request schema: the form sends only what it takes. */
  schema: S;
  defaultValues: V;
  /** The request body the values make (text trimmed, empty fields left out, lists split). */
  toBody: (values: V) => unknown;
  /** Body fields the form shows under another name (`a2a_endpoint` → `endpoint`). */
  rename?: Record<string, string>;
  /** Labels of the form's fields, so messages name a field as the form does. */
  labels?: Record<string, string>;
  /** A rule of the console's own on top of the contract: a sentence per field it refuses. */
  also?: (values: V) => Record<string, string> | undefined;
  /** Called on every edit: clear what the last attempt said (a mutation's error or success). */
  onEdit?: () => void;
  /** Called with the parsed body of a valid submit. */
  onValid: (body: z.output<S>, values: V) => void;
};

/**
 * A TanStack form over a contract schema: checked on submit and then on every change, focus on
 * the first invalid field, the server's field errors beside their fields (`showServerErrors`)
 * and cleared by the next edit or submit. Spread `formProps` on the <form>.
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.ZodMiniType>(opts: Options<V, S>) {
  const ref = useRef<HTMLFormElement>(null);
  const fieldOf = fieldsBy(Object.keys(opts.defaultValues), opts.rename);
  const form = useAppForm({
    defaultValues: opts.defaultValues,
    ...contractValidation(opts.schema, opts.toBody, fieldOf, opts.labels, opts.also),
    listeners: {
      onChange: ({ formApi }) => {
        clearServerErrors(formApi);
        opts.onEdit?.();
      },
    },
    onSubmit: ({ value }) => {
      const body = parsedBody(opts.schema, opts.toBody(value));
      if (body !== null) opts.onValid(body, value);
    },
    onSubmitInvalid: () => focusFirstInvalid(ref.current),
  });
  const formProps = {
    ref,
    noValidate: true,
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      e.stopPropagation();
      clearServerErrors(form);
      void form.handleSubmit();
    },
  };
  /** Puts an error's per-field messages beside the fields; true when it had any. */
  const showServerErrors = (error: unknown) => applyServerErrors(form, error, fieldOf, opts.labels);
  return { form, formProps, showServerErrors };
}
