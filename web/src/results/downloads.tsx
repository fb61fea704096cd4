// A run's downloads: the HTML report, JUnit, CSV and the JSON record rendered by the service (fetched with the
// token, then saved from a blob URL), and a pcap of the first instance made here when the record holds its bytes.
import { useState } from 'preact/hooks';
import { fetchRunFile, type RunFile } from '../api/records.js';
import { capturable, pcapOf } from './pcap.js';
import type { RunRecord } from '../api/types.js';

const FILES: Array<[RunFile, string]> = [
  ['report.html', 'HTML report'],
  ['junit.xml', 'JUnit XML'],
  ['results.csv', 'CSV'],
  ['record.json', 'JSON record'],
];

/** Save a blob as a file the browser downloads. */
function save(blob: Blob, filename: string): void {
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
const fileName = (runId: string, file: string) => `${runId.replace(/[^\w.-]+/g, '_')}-${file}`;

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
  const packets = capturable(record.first_call?.messages).length;
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
          <button type="button" data-file="capture.pcap" onClick={() => save(pcapOf(record.first_call?.messages), fileName(record.run_id, 'first-instance.pcap'))}>
            pcap ({packets} messages)
          </button>
        )}
      </div>
      {error && (
        <p class="fail" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
