// The failures the record keeps in detail (failures[]: the first failed and aborted instances, docs/methods.md):
// each a <details> with its reason that opens to the download of its pcap slice (GET /api/runs/<id>/instance-<n>.pcap)
// and its ladder, the shared ladder component whose messages open to their fields, hex and tests.
import { useState } from 'preact/hooks';
import { recordRoles } from '../../../views/ladder-roles.js';
import { fetchRunFile } from '../api/records.js';
import type { RunRecord } from '../api/types.js';
import { Alert } from '../app/alert.js';
import { fileName, save } from './downloads.js';
import { Ladder } from './ladder.js';

type Failure = NonNullable<RunRecord['failures']>[number];

function PcapButton({ runId, failure }: { runId: string; failure: Failure }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const file = `instance-${failure.instance}.pcap` as const;
  const download = async () => {
    setError(undefined);
    setBusy(true);
    try {
      save(await fetchRunFile(runId, file), fileName(runId, file));
    } catch (e) {
      setError(`${file}: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const packets = failure.messages.filter((m) => m.hex && m.dissector).length;
  return (
    <p>
      <button type="button" data-file={file} disabled={busy} onClick={() => void download()}>
        pcap of instance {failure.instance} ({packets} messages)
      </button>
      <Alert text={error} />
    </p>
  );
}

/** One failure: its line, and once opened (not before: a list of 100 draws no ladder) its pcap and its ladder. */
function FailureItem({ record, failure: f }: { record: RunRecord; failure: Failure }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="failure" data-instance={f.instance} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        Instance {f.instance}: <span class="fail">{f.outcome}</span> at op {f.op_idx}: {f.reason}
      </summary>
      {open && f.pcap && <PcapButton runId={record.run_id} failure={f} />}
      {open && <Ladder firstCall={f} roles={recordRoles(record)} who={`instance ${f.instance}`} markerId={`head-${f.instance}`} />}
    </details>
  );
}

export function Failures({ record }: { record: RunRecord }) {
  const list = record.failures ?? [];
  if (!list.length) return null;
  return (
    <section class="failures" aria-labelledby="failures-title">
      <h2 id="failures-title">Failures in detail</h2>
      <p class="muted">The first failed and aborted instances ({list.length}), in the order they ended; open one for its ladder.</p>
      {list.map((f) => (
        <FailureItem key={f.instance} record={record} failure={f} />
      ))}
    </section>
  );
}
