import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldErrors, Input } from '../../../components/ui/field';
import { ChoiceGroup } from '../../../components/ui/choices';
import { cn } from '../../../lib/cn';
import { blobToDataUri, IMAGE_MAX_BYTES, MODEL_MAX_BYTES, readModel, sizeWords, URL_MAX, type PickedModel } from './files';

/**
 * The file inputs of the New task forms: pictures and models dropped on a zone or picked from
 * disk (sent as data URIs), or given as a URL. Each shows what it holds and its errors.
 */

const isDataUri = (s: string) => s.startsWith('data:');

/** A zone that takes a dropped file, with a "Choose file" button (a real file input, for keyboards and tests). */
function DropZone({ label, accept, onFile, describedBy, invalid, children }: { label: string; accept: string; onFile: (f: File) => void; describedBy?: string; invalid?: boolean; children?: ReactNode }) {
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn('flex min-w-0 flex-col gap-2 rounded-lg border border-dashed p-3', over ? 'border-accent bg-surface-2' : invalid ? 'border-danger' : 'border-border')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className={buttonClass('secondary', 'sm', 'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent')}>
          {label}
          <input
            type="file"
            accept={accept}
            className="sr-only"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onFile(file);
              e.target.value = '';
            }}
          />
        </label>
        <span className="text-xs text-muted">or drop it here</span>
      </div>
      {children}
    </div>
  );
}

/** One picture: a file (data URI) or a URL. `value` is what the body's field gets. */
export function ImageInput({ legend, value, onChange, errors, hint, accept = 'image/png,image/jpeg,image/webp' }: { legend: string; value: string; onChange: (v: string) => void; errors: readonly string[]; hint?: ReactNode; accept?: string }) {
  const [mode, setMode] = useState<'file' | 'url'>(value && !isDataUri(value) ? 'url' : 'file');
  const [note, setNote] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const errId = useId();
  const take = async (f: File) => {
    if (!f.type.startsWith('image/')) return setNote(`${f.name} is not a picture (PNG, JPEG or WebP).`);
    if (f.size > IMAGE_MAX_BYTES) return setNote(`${f.name} is ${sizeWords(f.size)}; pictures of at most ${sizeWords(IMAGE_MAX_BYTES)} are sent.`);
    setNote(null);
    setName(`${f.name} · ${sizeWords(f.size)}`);
    onChange(await blobToDataUri(f));
  };
  const all = [...(note ? [note] : []), ...errors];
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <ChoiceGroup legend={<span className="sr-only">{legend}: from</span>} inline value={mode} onChange={(m) => (setMode(m), onChange(''), setName(null))} options={[{ value: 'file', label: 'A file' }, { value: 'url', label: 'A URL' }]} />
      {mode === 'file' ? (
        <DropZone label={value ? 'Choose another picture' : 'Choose a picture'} accept={accept} onFile={(f) => void take(f)} describedBy={all.length ? errId : undefined} invalid={all.length > 0}>
          {value && isDataUri(value) ? (
            <div className="flex min-w-0 items-center gap-3">
              <img src={value} alt={`Chosen picture${name ? `: ${name}` : ''}`} className="size-16 shrink-0 rounded border border-border object-cover" />
              <span className="truncate text-sm" title={name ?? undefined}>{name ?? 'Picture chosen'}</span>
              <Button size="sm" variant="ghost" onClick={() => (onChange(''), setName(null))}>Remove</Button>
            </div>
          ) : null}
        </DropZone>
      ) : (
        <Input type="url" aria-label={`${legend}: URL`} placeholder="https://…/picture.png" maxLength={URL_MAX} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={all.length ? errId : undefined} aria-invalid={all.length > 0 || undefined} />
      )}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <FieldErrors id={errId} errors={all} />
    </fieldset>
  );
}

/** 1 to `max` pictures, each a file or a URL. */
export function ImageListInput({ legend, value, onChange, errors, max, hint }: { legend: string; value: readonly string[]; onChange: (v: string[]) => void; errors: readonly string[]; max: number; hint?: ReactNode }) {
  const list = value.length ? value : [''];
  const set = (i: number, v: string) => onChange(list.map((x, j) => (j === i ? v : x)));
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {list.map((v, i) => (
        <div key={i} className="flex min-w-0 flex-col gap-1">
          <ImageInput legend={`${legend} ${i + 1} of up to ${max}`} value={v} onChange={(x) => set(i, x)} errors={[]} />
          {list.length > 1 ? (
            <Button size="sm" variant="ghost" className="self-start" onClick={() => onChange(list.filter((_, j) => j !== i))}>
              Remove picture {i + 1}
            </Button>
          ) : null}
        </div>
      ))}
      {list.length < max ? (
        <Button size="sm" className="self-start" onClick={() => onChange([...list, ''])}>
          Add a picture
        </Button>
      ) : (
        <p className="text-xs text-muted">{max} pictures is the most this operation takes.</p>
      )}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <FieldErrors errors={errors} />
    </div>
  );
}

/** A model file picked or dropped: read into a data URI, with its format and GLB face count. */
export function ModelFileInput({ value, onChange, errors }: { value: PickedModel | null; onChange: (m: PickedModel | null) => void; errors: readonly string[] }) {
  const [note, setNote] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const errId = useId();
  const take = async (f: File) => {
    if (f.size > MODEL_MAX_BYTES) return setNote(`${f.name} is ${sizeWords(f.size)}; models of at most ${sizeWords(MODEL_MAX_BYTES)} are sent as data.`);
    setNote(null);
    setReading(true);
    try {
      const m = await readModel(f, f.name);
      if (!m.format) return setNote(`${f.name} is not a GLB, OBJ or STL model.`);
      onChange(m);
    } finally {
      setReading(false);
    }
  };
  const all = [...(note ? [note] : []), ...errors];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <DropZone label={value ? 'Choose another model' : 'Choose a model (GLB, OBJ, STL)'} accept=".glb,.obj,.stl,model/gltf-binary" onFile={(f) => void take(f)} describedBy={all.length ? errId : undefined} invalid={all.length > 0}>
        {reading ? <p className="text-sm text-muted" role="status">Reading the model…</p> : null}
        {value ? <ModelFacts model={value} /> : null}
      </DropZone>
      <FieldErrors id={errId} errors={all} />
    </div>
  );
}

export function ModelFacts({ model }: { model: PickedModel }) {
  return (
    <p className="min-w-0 truncate text-sm" title={model.name}>
      {model.name} · {model.format?.toUpperCase() ?? '?'} · {sizeWords(model.size)}
      {model.faces !== null ? ` · ${model.faces.toLocaleString('en')} faces` : ''}
    </p>
  );
}
