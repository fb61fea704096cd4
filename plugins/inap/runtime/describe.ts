// Readable descriptions of received components and TCAP messages, for abort reasons and traces.
import type { Component, TcapMessage } from '../../sigtran/api.js';
import { describeEnding } from '../../sigtran/user/index.js';
import { opName } from '../catalogue.js';

export function describeComponent(c: Component): string {
  switch (c.type) {
    case 'invoke':
      return `${opName(c.opcode) ?? `operation ${String(c.opcode)}`} (Invoke id ${c.invokeId})`;
    case 'returnResult':
      return `ReturnResult${c.last ? '' : 'NotLast'} for invoke ${c.invokeId}${c.opcode !== undefined ? ` (${opName(c.opcode) ?? String(c.opcode)})` : ''}`;
    case 'returnError':
      return `ReturnError ${String(c.errorCode)} for invoke ${c.invokeId}`;
    case 'reject':
      return `Reject for invoke ${c.invokeId ?? '(none)'}: ${c.text}`;
  }
}

export function describeMessage(m: TcapMessage): string {
  if (m.kind === 'u-abort' || m.kind === 'p-abort' || m.kind === 'notice') return describeEnding(m);
  return `TCAP ${m.kind} with ${m.components.length ? m.components.map(describeComponent).join(', ') : 'no components'}`;
}
