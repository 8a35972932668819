import { useBlocker } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * An API key shown once: copy it, then dismiss. The parent drops the key (resets the mutation
 * that answered it) on dismiss, so it is gone from the page and from React Query's cache.
 */
export function KeyReveal({ title, apiKey, onDismiss, children }: { title: string; apiKey: string; onDismiss: () => void; children?: ReactNode }) {
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Leaving the page while the key is on screen loses it for good: ask first.
  useBlocker({ shouldBlockFn: () => !window.confirm('Leave without storing the API key? It will not be shown again.'), enableBeforeUnload: true });
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <Alert tone="warning" title="Store this API key now. It will not be shown again.">
        Copy it into your agent&apos;s secret store. The console keeps its own copy to act as the agent, but never shows it; if the key is lost, rotate it.
      </Alert>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          API key
        </label>
        <div className="flex gap-2">
          {/* Text, not an input: inputs clip the underscores of some monospace fonts. One click selects it all. */}
          <output id={id} className="flex min-h-9 min-w-0 flex-1 items-center break-all rounded border border-border bg-surface px-2.5 py-1 font-mono select-all">
            {apiKey}
          </output>
          <Button variant="primary" onClick={() => void doCopy()}>
            Copy key
          </Button>
        </div>
        <p role="status" className="text-xs text-muted">
          {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'failed' ? 'The clipboard refused: select the key and copy it by hand.' : ''}
        </p>
      </div>
      {children}
      <div className="flex justify-end">
        <Button onClick={onDismiss}>I have stored the key</Button>
      </div>
    </section>
  );
}
