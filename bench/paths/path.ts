// One protocol path of `npm run bench` beside the INAP-over-M3UA/TCP one (issue 29): a peer (or several), the service
// configured for it, and the Test Definition one instance runs. bench/paths/run.ts finds each path's `load` maximum,
// with the CPU per message of the service and of every peer process, and the p99 there.

/** A process whose CPU and RSS are read from /proc (a peer: its direct children count too). */
export interface PathProcess {
  name: string;
  pid: number;
}

export interface PathSetup {
  /** The service's JSON-RPC port (127.0.0.1). */
  port: number;
  service: PathProcess;
  peers: PathProcess[];
  /** The Test Definition's fields but run_id and distribution: operations, and run options such as `scp`. */
  definition: Record<string, unknown>;
  /** Stops what setup started (the service and the peers) and removes what it wrote. */
  stop(): Promise<void>;
}

export interface BenchPath {
  /** Short and stable: the JSON key and the --paths selector (e.g. `map-ati`, `diameter-freediameter`). */
  id: string;
  /** One line for the report, naming the operations, the peer and the transport. */
  title: string;
  /** Messages on the wire per instance, both directions counted (CPU per message divides by it). */
  messagesPerInstance: number;
  /** Start the peer(s) and a service configured for them, in `work` (a fresh directory). */
  setup(work: string): Promise<PathSetup>;
  /**
   * Run in a private network namespace (`unshare -n`, lo up; root): the runner measures the path in a child bench
   * process there (bench/paths/netns-child.ts), e.g. for the userland SCTP backend, which sends raw IP on lo.
   */
  netns?: boolean;
  /** Report the maximum as a share of the INAP-over-M3UA/TCP `load` maximum of the same bench run. */
  ofInapTcp?: boolean;
}
