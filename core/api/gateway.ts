// Gateways: named instances of a plugin's connections (an association, a peer connection, a pool), chosen
// per run by ExecuteTest params the core derives from the gateway kind (`<kind>`, and `<kind>_<label>`).
import type { Json } from './json.js';

export type GatewayState = 'down' | 'connecting' | 'up';

/** A named gateway instance (one entry of a plugin's options). Protocol methods are the plugin's own. */
export interface GatewayInstance {
  readonly name: string;
  /** Current state; a run that needs an instance that is not 'up' is refused with 2003 naming it. */
  state(): GatewayState;
  /** Short human-readable status (peer address, last error), shown by ListTests / describe. */
  describe?(): Json;
  /**
   * A run needs this instance and it is not 'up': try to connect now rather than at the next scheduled retry (after
   * an outage that can be long). ExecuteTest waits for it at most GATEWAY_RECONNECT_WAIT_MS, then checks state()
   * again; the instance's own retries go on as before when it fails.
   */
  reconnect?(): Promise<void> | void;
  /** Called once at service start (by the core's gateway lifecycle tap) and at shutdown. */
  start?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}

export interface GatewayDefinition<G extends GatewayInstance = GatewayInstance> {
  /**
   * The kind: operations name it in `gateway`; the core derives the ExecuteTest param of the same name (a string
   * naming the instance for the run) and, when `labelled`, the `<kind>_<label>` params.
   */
  kind: string;
  /** One line for the derived selector params (DescribeOperations, the JSON schema), e.g. 'Application instance used for <what>'. */
  description?: string;
  /** When true, `<kind>_<label>` ExecuteTest params pick the instance for labelled operations. */
  labelled?: boolean;
  instances: readonly G[];
  /** Name of the default instance (otherwise the first). */
  defaultInstance?: string;
  /** Per-label default instance names (e.g. { smf: 'DB-SMF01' }), consulted before the `<kind>` param. */
  labelDefaults?: Readonly<Record<string, string>>;
  /** Whether the instance must be 'up' for a run to start (default true). */
  requireUp?: boolean;
}
