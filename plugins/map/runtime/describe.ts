// Readable descriptions of received components and TCAP messages, for abort reasons and traces.
import type { Component, TcapMessage } from '../../sigtran/api.js';
import { describeEnding } from '../../sigtran/user/index.js';
import { errorName, operationOf } from '../catalogue.js';

export function describeComponent(c: Component, context?: string, version?: number): string {
  switch (c.type) {
    case 'invoke': {
      const op = typeof c.opcode === 'number' ? operationOf(c.opcode, context, version) : undefined;
      return `${op?.name ?? `operation ${String(c.opcode)}`} (Invoke id ${c.invokeId})`;
    }
    case 'returnResult':
      return `ReturnResult${c.last ? '' : 'NotLast'} for invoke ${c.invokeId}`;
    case 'returnError':
      return `ReturnError ${typeof c.errorCode === 'number' ? `${errorName(c.errorCode) ?? 'error'} (${c.errorCode})` : c.errorCode} for invoke ${c.invokeId}`;
    case 'reject':
      return `Reject for invoke ${c.invokeId ?? '(none)'}: ${c.text}`;
  }
}

export function describeMessage(m: TcapMessage, context?: string, version?: number): string {
  if (m.kind === 'u-abort' || m.kind === 'p-abort' || m.kind === 'notice') return describeEnding(m);
  return `TCAP ${m.kind} with ${m.components.length ? m.components.map((c) => describeComponent(c, context, version)).join(', ') : 'no components'}`;
}
