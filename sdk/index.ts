// The public surface for plugin authors. Plugins import from here only, never from core/.
export * from './types.js';
export { definePlugin, defineOperation, defineGateway, defineCommand, type Matched, type ArgsOf, type TypedOperation, type TypedPlugin } from './define.js';
export { Type, RecordOf, OneOf, type Static, type TSchema, type TObject } from './schema.js';
export { ErrorCode, TesterError, InstanceAbort, invalid, cannotStart, isInstanceAbort } from '../core/errors.js';
export { isExpressionString as isExpression } from '../core/expr/template.js';
export { writePcap, PcapWriter, type PcapRecord } from './pcap.js';
export { namedInstancesSchema, checkLabelDefaults, type NamedInstancesOptions, type NamedInstancesSchema } from './instances.js';
export { tlsSchema, connectTls, type TlsOptions, type ConnectTls } from './net/tls.js';
export { deadline, type Deadline } from './net/deadline.js';
export { urlCredentials, type UrlCredentials } from './net/credentials.js';
export { redactText, redactJson } from '../core/redact.js';
export { IdTable } from './id-table.js';
export { HttpPool, httpClientSchemaProperties, type HttpClientOptions } from './net/http-pool.js';
export { httpExchange, HttpExchangeError, type HttpExchangeRequest, type HttpExchangeResponse, type HttpFailureKind } from './net/http-exchange.js';
export {
  connectSctp,
  SctpServer,
  SctpAssociation,
  openAssociations as sctpAssociations,
  SctpUnavailableError,
  chooseBackend as chooseSctpBackend,
  backendPerThread as sctpBackendPerThread,
  sctpSchema,
  checkSctpConfig,
  type SctpConfig,
  type SctpAssociationHandler,
  type SctpAssociationStatus,
  type SctpCloseKind,
  type SctpEvent,
  type SctpBackendName,
} from './net/sctp/index.js';
export { runSimulator, type RunningSimulator, type SimulatorSpec } from './simulator/run.js';
export { simulatorOptions, workersOption, parseAddress, parseSctpOption, simulatorSctp, addressText, type Address, type SimulatorValues } from './simulator/options.js';
export { loadScript, ScriptError } from './simulator/script.js';
export { isCaptureImporter, type CaptureImporter, type CaptureImportOptions, type CaptureImportResult } from './capture-import.js';
export { parseMix, pickIndex, parseDelay, delayMs, simulatorRandom, MAX_DELAY_MS, type Mix, type Delay } from './simulator/mix.js';
export { distributionSchema, distributionProblem, drawDistribution, type Distribution } from './distribution.js';
