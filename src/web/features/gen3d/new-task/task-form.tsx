import { useQuery } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { z } from '../../../../contracts/zod';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { useCreateTask } from '../api/create';
import { gen3dQueries } from '../api/queries';
import type { PickedModel } from './files';
import { formatInt } from '../../../lib/format';
import { kindPrice, priceLine, type Kind, type Product } from './kinds';

/** What a kind's form knows besides its values: the product, the task it is chained from, the tasks of the ledger. */
export type Ctx = {
  product: Product;
  from: LedgerTask | null;
  /** Faces of the chained task: its record's, else its archived GLB's. */
  fromFaces: number | null;
  /** The chained task's archived model, read when the operation takes it only as model_url. */
  fromFile: PickedModel | null;
  /** The service's own signed URL of that model, while valid (sent instead of the file). */
  fromSignedUrl: string | null;
  tasks: readonly LedgerTask[];
};
export type Values = Record<string, unknown>;
export type LooseForm = ReturnType<typeof useContractForm<Values, z.ZodMiniType>>['form'];

/** One kind's layout over the generic form: its values, how they become the body, its fields. */
export type KindForm = {
  defaults: (ctx: Ctx) => Values;
  labels: Record<string, string>;
  /** Body fields shown under another form field (`input_task_id` and `model_url` → `model`). */
  rename?: Record<string, string>;
  toBody: (v: Values, ctx: Ctx) => unknown;
  /** The console's refusals on top of the schema (the chain rules). */
  also?: (v: Values, ctx: Ctx) => Record<string, string> | undefined;
  Fields: (p: { form: LooseForm; ctx: Ctx }) => ReactNode;
  submit: string;
};

/**
 * The one form of every task type: checked with the route-table entry's schema (and the chain
 * rules) before sending, priced with the entry's `spend`, the balance after it shown, sent with
 * `callOperation` (api/create.ts, as every create), and on success the new task's page.
 */
export function TaskForm({ kind, spec, ctx }: { kind: Kind; spec: KindForm; ctx: Ctx }) {
  const op = kind.op(ctx.product);
  const navigate = useNavigate();
  const balance = useQuery(gen3dQueries.balance());
  const create = useCreateTask(op);
  const { form, formProps, showServerErrors } = useContractForm<Values, z.ZodMiniType>({
    schema: op.body ?? z.object({}),
    defaultValues: spec.defaults(ctx),
    toBody: (v) => spec.toBody(v, ctx),
    rename: spec.rename,
    labels: spec.labels,
    also: (v) => spec.also?.(v, ctx),
    onEdit: () => {
      if (!create.isPending) create.reset();
    },
    onValid: (body) => create.mutate(body, { onSuccess: (id) => void navigate({ to: '/3d/tasks/$taskId', params: { taskId: id } }), onError: (err) => void showServerErrors(err) }),
  });
  const values = useStore(form.store, (s) => s.values);
  const line = priceLine(kindPrice(op, spec.toBody(values, ctx)), balance.data);
  return (
    <form {...formProps} aria-label={`New ${kind.label.toLowerCase()} task`} className="flex min-w-0 flex-col gap-4">
      <spec.Fields form={form} ctx={ctx} />
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? <Alert title="The task was not queued">{errorMessage(create.error)}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={line.short ? 'text-sm text-warning' : 'text-sm text-muted'} role="status" aria-label="Price">
          Costs {line.cost}
          {line.after !== null && balance.data !== undefined ? ` · balance ${formatInt(balance.data)} → ${line.after}` : ''}
          {line.short ? ' · not enough credits' : ''}
        </p>
        <RoleButton needs="operator" type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Queuing…' : spec.submit}
        </RoleButton>
      </div>
    </form>
  );
}
