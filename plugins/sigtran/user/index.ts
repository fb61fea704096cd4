// The TCAP-user kit (import '../sigtran/user/index.js'): what a TCAP application plugin (inap, map) builds on. It
// declares its operation table, argument codec and per-operation behaviour (spec.ts) to defineTcapUserFamily, which
// gives its operation types, and the kit runs them: one session per instance, one send path, one receive path, the
// TCAP Aborts and Register, the shared control arguments.
export { defineTcapUserFamily, type TcapUserFamily } from './family.js';
export type { AbortSpec, CodecSpec, DialogueSpec, ErrorCode, Link, Links, MessageEntry, Opening, RegisterSpec, SegmentEntry, TcapUserFamilySpec, WireKind } from './spec.js';
export { Session, TcapUserDialogue, type FamilyOptions } from './session.js';
export { acOf, addOpened, openTcapDialogue } from './send.js';
export { controlNames, type FamilyControls, type Properties } from './controls.js';
export { describeEnding, inboundWaitMs, loadMessage, recordTcap, waitError, type EndOpenDialogues, type UserDialogue } from './dialogue.js';
