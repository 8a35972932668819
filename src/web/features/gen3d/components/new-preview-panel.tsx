import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { ListLoading } from '../../../components/ui/list-states';

/** The form and its form library load when the operator asks for them: the queue page opens without them. */
const loadForm = () => import('./preview-form');
const PreviewForm = lazy(() => loadForm().then((m) => ({ default: m.PreviewForm })));
const preload = () => void loadForm().catch(() => undefined);

/** "New preview": a short offer that opens the form (already open when a prompt comes in the URL). */
export function NewPreviewPanel({ prompt }: { prompt?: string }) {
  const [open, setOpen] = useState(prompt !== undefined);
  return (
    <Panel
      title="New preview"
      aside={
        open ? (
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
            Close
          </Button>
        ) : null
      }
    >
      {open ? (
        <Suspense fallback={<ListLoading label="Loading the form" />}>
          <PreviewForm key={prompt ?? ''} initialPrompt={prompt ?? ''} />
        </Suspense>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">Describe an object and the service models it in a few minutes: 20 credits a preview (5 with model-5), refine it after.</p>
          <Button variant="primary" onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload}>
            New preview
          </Button>
        </div>
      )}
    </Panel>
  );
}
