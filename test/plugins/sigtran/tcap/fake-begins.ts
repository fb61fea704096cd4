// Inbound Begins without a TCAP layer, for the tests of the Begin routing (plugins/sigtran/tcap/{begins,
// registrations,listener,criterion}.ts): a message carries a `tag` that the test's router turns into keys, and a
// dialogue that records how it ended.
import type { BeginRouter, Component, TcapMessage } from '../../../../plugins/sigtran/api.js';

export interface FakeDialogue {
  state: 'received' | 'ended';
  remoteTidHex: string;
  ended: 'u-abort' | 'released' | undefined;
  bound: unknown;
  abort(): undefined;
  release(): void;
  bind(signal: unknown): void;
}

export type FakeBegin = TcapMessage & { tag: string; dialogue: FakeDialogue };

let counter = 0;

export function fakeBegin(tag: string, fields: { ssn?: number; ac?: string | null; opcode?: number } = {}): FakeBegin {
  const dialogue: FakeDialogue = {
    state: 'received',
    remoteTidHex: (++counter).toString(16).padStart(8, '0'),
    ended: undefined,
    bound: undefined,
    abort() {
      this.state = 'ended';
      this.ended = 'u-abort';
      return undefined;
    },
    release() {
      this.state = 'ended';
      this.ended = 'released';
    },
    bind(signal: unknown) {
      this.bound = signal;
    },
  };
  const components: Component[] = fields.opcode === undefined ? [] : [{ type: 'invoke', invokeId: 1, opcode: fields.opcode }];
  const ac = fields.ac === undefined || fields.ac === null ? null : { oid: fields.ac, bytes: new Uint8Array(0) };
  return { kind: 'begin', tag, dialogue, components, called: { ri: 'ssn', ssn: fields.ssn ?? 146 }, ac, peer: 'GW stp:2905' } as unknown as FakeBegin;
}

/** Keys `<kind>|<tag>` then `<kind>` for a tag `kind/detail`; no keys for a tag without '/'. */
export const tagRouter: BeginRouter = {
  keys(m: TcapMessage): readonly string[] {
    const tag = (m as FakeBegin).tag;
    const slash = tag.indexOf('/');
    if (slash < 0) return [];
    const kind = tag.slice(0, slash);
    return [`${kind}|${tag.slice(slash + 1)}`, kind];
  },
};
