import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EXPORT_MAX_ROWS, exportFormats, PDF_MAX_ROWS, type ExportFormat } from '../../../../../contracts/social';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ChoiceGroup } from '../../../../components/ui/choices';
import { Progress } from '../../../../components/ui/progress';
import { errorMessage } from '../../../../lib/api';
import { downloadWithProgress, type DownloadProgress } from '../../../../lib/download';
import { formatInt } from '../../../../lib/format';
import { formatBytes } from '../../../../lib/format-extra';

export const formatLabels: Record<ExportFormat, string> = {
  csv: 'CSV',
  json: 'JSON',
  md: 'Markdown table',
  'md-document': 'Markdown document',
  pdf: 'PDF',
  txt: 'Text',
  xlsx: 'Excel (XLSX)',
};

/** What a format holds of `rows`: everything up to the documented limit (100,000; 10,000 for PDF). */
export const exportLimitNote = (format: ExportFormat, rows: number) => {
  const max = format === 'pdf' ? PDF_MAX_ROWS : EXPORT_MAX_ROWS;
  return rows > max ? `The file holds the first ${formatInt(max)} of ${formatInt(rows)} rows (the ${format === 'pdf' ? 'PDF' : 'export'} limit).` : null;
};

/**
 * Export a job's or a draw's rows in one of the seven formats, downloaded through the BFF with a
 * progress bar (`href`: the export route's URL in a format); says the file's name and size once saved.
 */
export function ExportPanel({ href, rows, fallbackName }: { href: (format: ExportFormat) => string; rows: number; fallbackName: string }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const download = useMutation({
    mutationFn: (f: ExportFormat) => downloadWithProgress(href(f), `${fallbackName}.${f === 'md-document' ? 'md' : f}`, setProgress),
  });
  const note = exportLimitNote(format, rows);
  const pct = progress?.total ? (progress.received / progress.total) * 100 : null;
  return (
    <div className="flex flex-col gap-3">
      <ChoiceGroup
        legend="Format"
        inline
        value={format}
        onChange={(f) => {
          setFormat(f);
          download.reset();
        }}
        options={exportFormats.map((f) => ({ value: f, label: formatLabels[f] }))}
        hint={note ?? undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" disabled={download.isPending || rows === 0} onClick={() => download.mutate(format)}>
          {download.isPending ? 'Downloading…' : `Download ${formatLabels[format]}`}
        </Button>
        {rows === 0 ? <span className="text-sm text-muted">Nothing to export: no rows.</span> : null}
      </div>
      {download.isPending ? (
        <div className="flex flex-col gap-1">
          <Progress value={pct} label="Download progress" />
          <p className="text-xs text-muted">
            {!progress ? 'The service is writing the file…' : `${formatBytes(progress.received)}${progress.total ? ` of ${formatBytes(progress.total)}` : ''}`}
          </p>
        </div>
      ) : null}
      {download.isError ? <Alert title="The file was not downloaded">{errorMessage(download.error)}</Alert> : null}
      {download.isSuccess ? (
        <Alert tone="success" title={`Saved ${download.data.name}`}>
          {formatBytes(download.data.bytes)}
        </Alert>
      ) : null}
    </div>
  );
}
