import { useState } from 'react';
import type { ValidatorReport } from 'gltf-validator';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Stat } from '../../../../components/ui/stat';
import { formatInt } from '../../../../lib/format';
import { formatBytes } from '../../../../lib/format-extra';
import { severityName, validateGlb } from './validator-report';

const metres = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

export type ViewSettings = { grid: boolean; axes: boolean; exposure: number };

/** Grid, axes and exposure, the model's size in metres and texture memory, and the validator on request. */
export function InspectPanel({
  view,
  onView,
  size,
  textureBytes,
  bytes,
}: {
  view: ViewSettings;
  onView: (view: ViewSettings) => void;
  /** Bounding box in model units (glTF units are metres). */
  size: [number, number, number];
  textureBytes: number;
  bytes: ArrayBuffer;
}) {
  const [report, setReport] = useState<{ state: 'idle' | 'running' } | { state: 'done'; report: ValidatorReport } | { state: 'failed'; message: string }>({ state: 'idle' });
  const run = async () => {
    setReport({ state: 'running' });
    try {
      setReport({ state: 'done', report: await validateGlb(bytes) });
    } catch (error) {
      setReport({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const [x, y, z] = size;
  return (
    <section aria-label="Inspect" className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button aria-pressed={view.grid} onClick={() => onView({ ...view, grid: !view.grid })}>
          Grid
        </Button>
        <Button aria-pressed={view.axes} onClick={() => onView({ ...view, axes: !view.axes })}>
          Axes
        </Button>
        <label className="flex min-w-0 items-center gap-2 text-sm text-muted">
          Exposure
          <input
            type="range"
            min={0.25}
            max={3}
            step={0.05}
            value={view.exposure}
            onChange={(e) => onView({ ...view, exposure: Number(e.target.value) })}
            className="w-32 min-w-0 accent-[var(--color-accent)]"
          />
          <span className="font-mono text-xs tabular-nums">{view.exposure.toFixed(2)}</span>
        </label>
      </div>
      <dl aria-label="Size and memory" className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Stat label="Bounding box (metres, W × H × D)" value={`${metres.format(x)} × ${metres.format(y)} × ${metres.format(z)} m`} />
        <Stat label="Texture memory (GPU, with mipmaps)" value={formatBytes(textureBytes)} />
      </dl>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void run()} disabled={report.state === 'running'}>
            {report.state === 'running' ? 'Validating…' : 'Validate with the Khronos glTF validator'}
          </Button>
        </div>
        {report.state === 'failed' ? (
          <Alert tone="danger" title="The validator could not run">
            {report.message}
          </Alert>
        ) : null}
        {report.state === 'done' ? <ReportView report={report.report} /> : null}
      </div>
    </section>
  );
}

function ReportView({ report }: { report: ValidatorReport }) {
  const { numErrors, numWarnings, numInfos, messages } = report.issues;
  return (
    <div aria-label="Validator report" role="region" className="flex flex-col gap-2">
      <p className="text-sm" role="status">
        {numErrors === 0 ? 'Valid glTF: ' : 'Invalid glTF: '}
        {formatInt(numErrors)} errors, {formatInt(numWarnings)} warnings, {formatInt(numInfos)} infos.
      </p>
      {messages.length > 0 ? (
        <ul className="flex max-h-60 flex-col gap-1 overflow-auto text-xs">
          {messages.map((m, i) => (
            <li key={`${m.code}-${i}`} className="break-words">
              <span className="font-medium">{severityName(m.severity)}</span> <span className="font-mono">{m.code}</span>
              {m.pointer ? <span className="font-mono text-muted"> {m.pointer}</span> : null}: {m.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
