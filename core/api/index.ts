// The contracts the core implements and plugins program against (re-exported to plugins by sdk/types.ts).
export type * from './json.js';
export type * from './run.js';
export type * from './operation.js';
export type * from './gateway.js';
export type * from './plugin.js';
