// A run's downloads, rendered by the service (GET /api/runs/<id>/<file>), fetched with the token's header and saved
// from a blob URL: the HTML report, JUnit, CSV, the JSON record and, when the record holds the bytes of the first
// instance's messages (trace_level 2), their pcap.
import { useState } from 'preact/hooks';
import { fetchRunFile, type RunFile } from '../api/records.js';
import type { RunRecord } from '../api/types.js';
import { Alert } from '../app/alert.js';

const FILES: Array<[RunFile, string]> = [
  ['report.html', 'HTML report'],
  ['junit.xml', 'JUnit XML'],
  ['results.csv', 'CSV'],
  ['record.json', 'JSON record'],
];

/** Save a blob as a file the browser downloads. */
export function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name of the run: its id with what a file system dislikes replaced. */
export const fileName = (runId: string, file: string) => `${runId.replace(/[^\w.-]+/g, '_')}-${file}`;

export function Downloads({ record }: { record: RunRecord }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const download = async (file: RunFile) => {
    setError(undefined);
    setBusy(file);
    try {
      save(await fetchRunFile(record.run_id, file), fileName(record.run_id, file));
    } catch (e) {
      setError(`${file}: ${(e as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };
  const packets = (record.first_call?.messages ?? []).filter((m) => m.hex && m.dissector).length;
  return (
    <section class="downloads" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Downloads</h2>
      <div class="row">
        {FILES.map(([file, label]) => (
          <button key={file} type="button" data-file={file} disabled={busy === file} onClick={() => void download(file)}>
            {label}
          </button>
        ))}
        {packets > 0 && (
          <button type="button" data-file="first-call.pcap" disabled={busy === 'first-call.pcap'} onClick={() => void download('first-call.pcap')}>
            pcap ({packets} messages)
          </button>
        )}
      </div>
      <Alert text={error} />
    </section>
  );
}
