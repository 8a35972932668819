import { useEffect, useId, useState, type DragEvent } from 'react';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format-extra';
import { LazyModelViewer, preloadViewer } from './lazy-viewer';

/** Largest local file the inspector opens (the browser holds it in memory twice while parsing). */
export const LOCAL_MODEL_MAX_BYTES = 512 * 1024 * 1024;

/** Why a picked file cannot be inspected, or null when it can. */
export function localFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(glb|3mf)$/i.test(file.name)) return `“${file.name}” is not a .glb or .3mf file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > LOCAL_MODEL_MAX_BYTES) return `“${file.name}” is ${formatBytes(file.size)}; the inspector opens files up to ${formatBytes(LOCAL_MODEL_MAX_BYTES)}.`;
  return null;
}

/** A drop zone and file picker; the chosen file opens in the viewer with every tool, without a task. */
export function LocalModelInspector() {
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<{ name: string; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);
  // A file is the only reason to come here: fetch the viewer's code while one is being chosen.
  useEffect(() => preloadViewer(), []);

  const open = (picked: File | undefined) => {
    if (!picked) return;
    const reason = localFileProblem(picked);
    setProblem(reason);
    if (!reason) setFile({ name: picked.name, url: URL.createObjectURL(picked) });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    open(e.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        data-testid="model-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn('flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center', over ? 'border-accent bg-surface-2' : 'border-border')}
      >
        <p className="text-sm">Drop a .glb or .3mf file here, or</p>
        <label htmlFor={inputId} className="cursor-pointer rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:border-accent focus-within:outline-2">
          Choose a file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".glb,.3mf,model/gltf-binary"
          aria-describedby={problem ? errorId : undefined}
          aria-invalid={problem ? true : undefined}
          className="sr-only"
          onChange={(e) => {
            open(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className="text-xs text-muted">Up to {formatBytes(LOCAL_MODEL_MAX_BYTES)}. Nothing is uploaded: the file is read by this page only.</p>
        {file ? (
          <p className="max-w-full text-sm break-all" aria-live="polite">
            Showing “{file.name}”.
          </p>
        ) : null}
        {problem ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      {file ? (
        <LazyModelViewer key={file.url} src={file.url} label={`3D model from the file “${file.name}”`} fileName={file.name.replace(/\.\w+$/, '')} stageClassName="h-[62vh] min-h-80" tools={{ inspect: true, print: true }} />
      ) : null}
    </div>
  );
}
