// The types plugin authors program against. They are declared once, in the core that implements them
// (core/api/*.ts, core/hooks.ts); the sdk re-exports them, and the hook types are derived from the core's hook
// declarations (tap-only: plugins tap, the core calls).
export type { Json, JsonObject, JsonSchema } from '../core/api/json.js';
export type { CheckStatus, CheckLogEntry, TraceLevel, MessageRecord, RunView } from '../core/api/run.js';
export type { OperationOutcome, Later, InstanceAbortLike, EndSignal, EndListener, OperationContext, MatchOptions, PrepareContext, Direction, OperationDefinition } from '../core/api/operation.js';
export type { GatewayState, GatewayInstance, GatewayDefinition } from '../core/api/gateway.js';
export type { ExpressionFunction, ParamDefinition, PluginApi, CliCommand, CliOption, CliOptions, CliValues, PluginDefinition } from '../core/api/plugin.js';
export type {
  InstanceSummary, OperationEvent, OperationDoneEvent, StepEvent, CheckEvent, TraceEvent, MessageEvent,
  Tappable, TapOnly, RunHooks, ServiceHooks, RunHandle,
} from '../core/hooks.js';
