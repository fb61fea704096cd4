// The gateway instances (#/gateways): each one's state, peer, last error, reconnects and transport (the SCTP
// backend and the association's paths), from ListTests, refreshed every 2 s while the page is visible. The whole
// detail the instance reports opens under each row.
import { listTests } from '../api/records.js';
import type { GatewayLine } from '../api/list-types.js';
import { usePoll } from '../gateways/use-poll.js';
import { gatewayView, type GatewayView } from '../gateways/transport.js';
import { ColumnHeads } from '../app/column-heads.js';
import { Alert } from '../app/alert.js';

const REFRESH_MS = 2000;
const loadGateways = (signal: AbortSignal) => listTests(signal).then((l) => l.gateways);

function Sctp({ sctp }: { sctp: NonNullable<GatewayView['sctp']> }) {
  return (
    <div class="sctp">
      <p>
        SCTP backend <b>{sctp.backend ?? 'not chosen'}</b>
        {sctp.state && <>, association {sctp.state}</>}
        {sctp.note && <span class="muted"> ({sctp.note})</span>}
      </p>
      {sctp.paths.length > 0 && (
        <ul class="paths">
          {sctp.paths.map((p) => (
            <li key={p.address}>
              {p.address}: {p.state}
              {p.primary && ' (primary)'}
              {p.srttMs !== undefined && `, srtt ${p.srttMs} ms`}
              {p.rtoMs !== undefined && `, rto ${p.rtoMs} ms`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GatewayRow({ gateway }: { gateway: GatewayLine }) {
  const v = gatewayView(gateway);
  const id = `${gateway.kind}-${gateway.name}`;
  return (
    <tr data-gateway={id}>
      <th scope="row">
        {gateway.kind} <b>{gateway.name}</b>
        {gateway.default && <span class="muted"> (default)</span>}
      </th>
      <td class={`gw-state gw-${gateway.state}`}>
        {gateway.state}
        {v.since !== undefined && Number.isFinite(v.since) && <span class="muted"> since {new Date(v.since).toLocaleTimeString()}</span>}
        {gateway.workers && <span class="muted"> (workers: {gateway.workers.map((w) => w ?? 'restarting').join(', ')})</span>}
      </td>
      <td>{v.peer ?? '-'}</td>
      <td class={v.lastError ? 'fail' : undefined}>{v.lastError ?? '-'}</td>
      <td class="num">{v.reconnects ?? '-'}</td>
      <td>
        {[v.transport, v.role].filter(Boolean).join(', ') || '-'}
        {v.sctp && <Sctp sctp={v.sctp} />}
        {gateway.detail !== undefined && (
          <details class="gw-detail">
            <summary>All details</summary>
            <pre>{JSON.stringify(gateway.detail, null, 2)}</pre>
          </details>
        )}
      </td>
    </tr>
  );
}

export function GatewaysView() {
  const { value: gateways, error } = usePoll(loadGateways, REFRESH_MS);
  return (
    <section aria-labelledby="gateways-title">
      <h1 id="gateways-title">Gateways</h1>
      <p class="muted">Every gateway instance of the enabled plugins, refreshed every 2 s while this page is visible.</p>
      <Alert text={error} />
      {gateways && gateways.length === 0 && <p>No gateway instance: the enabled plugins have none configured.</p>}
      {gateways && gateways.length > 0 && (
        <table class="gateways">
          <ColumnHeads names={['instance', 'state', 'peer', 'last error', 'reconnects', 'transport']} />
          <tbody>
            {gateways.map((g) => (
              <GatewayRow key={`${g.kind}/${g.name}`} gateway={g} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
