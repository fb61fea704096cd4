// Micro-benchmark of the sigtran stack (not a test): `node --import tsx bench/sigtran-micro.ts [seconds]`.
// 1. encode: TCAP Begin (AARQ + Invoke InitialDP) -> SCCP UDT -> M3UA DATA, as the gateway does per message;
// 2. decode: M3UA -> SCCP -> TCAP with its components;
// 3. dialogues over loopback TCP: Begin / End pairs between two gateway instances, 200 in flight.
import { performance } from 'node:perf_hooks';
import { acFromOid } from '../plugins/sigtran/ac.js';
import { BerWriter, fromHex } from '../plugins/sigtran/ber/index.js';
import { dataLength, decodeM3ua, writeDataHeader, type DataHeader } from '../plugins/sigtran/m3ua/codec.js';
import { ServiceIndicator } from '../plugins/sigtran/m3ua/constants.js';
import { encodeAddress } from '../plugins/sigtran/sccp/address.js';
import { decodeSccp, sccpLength, writeSccp, type UnitdataHeader } from '../plugins/sigtran/sccp/codec.js';
import { decodeTcap, encodeTcap, type OutTcap } from '../plugins/sigtran/tcap/codec.js';
import { normalizeInstance } from '../plugins/sigtran/gateway/config.js';
import { SigtranGatewayImpl } from '../plugins/sigtran/gateway/instance.js';

const seconds = Number(process.argv[2] ?? 1);
const IDP = fromHex('301d800164820884101316325476088308841313022143650785010a9c0103');
const ac = acFromOid('0.4.0.0.1.0.50.1'); // a CAP v2 context (the users' names are theirs: plugins/inap/contexts.ts)
const called = encodeAddress({ ri: 'gt', ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, nai: 4 } });
const calling = encodeAddress({ ri: 'ssn', pc: 100, ssn: 146 });
const w = new BerWriter();
// the headers of every message, filled in per message as the gateway does
const data: DataHeader = { routingContext: 1, opc: 100, dpc: 200, si: ServiceIndicator.SCCP, ni: 2, mp: 0, sls: 0 };
const unitdata: UnitdataHeader = { xudt: false, protocolClass: 1, returnOnError: true, called, calling };

function encodeOne(otid: number): Uint8Array {
  const m: OutTcap = { kind: 'begin', otid, dialogue: { type: 'aarq', ac }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0, argument: IDP } }] };
  const tcap = encodeTcap(w, m);
  data.sls = otid & 15;
  const len = sccpLength(unitdata, tcap.length);
  const b = Buffer.allocUnsafe(dataLength(data, len));
  writeSccp(b, writeDataHeader(b, data, len), unitdata, tcap);
  return b;
}

function decodeOne(pdu: Uint8Array): number {
  const m = decodeM3ua(pdu);
  const s = decodeSccp(m.protocolData!.data);
  const t = decodeTcap(s.data);
  return t.components.length;
}

function timeIt(name: string, fn: (i: number) => unknown): void {
  for (let i = 0; i < 20000; i++) fn(i); // warm up
  let n = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) fn(n++);
  }
  const ms = performance.now() - t0;
  console.log(`${name.padEnd(44)} ${Math.round((n / ms) * 1000).toLocaleString('en').padStart(12)} ops/s  ${((ms * 1000) / n).toFixed(2)} µs/op`);
}

async function dialogues(): Promise<void> {
  const scp = new SigtranGatewayImpl(normalizeInstance({ name: 'SCP', transport: 'tcp-server', localPort: 0, role: 'sgp', opc: 200, dpc: 100, beatIntervalMs: 0 }));
  await scp.start();
  const ssp = new SigtranGatewayImpl(normalizeInstance({ name: 'SSP', transport: 'tcp-client', port: scp.boundPort(), opc: 100, dpc: 200, beatIntervalMs: 0 }));
  await ssp.start();
  await ssp.whenUp({ timeoutMs: 5000 });
  const l = scp.listen({});
  let running = true;
  void (async () => {
    while (running) {
      try {
        const b = await l.next({ timeoutMs: 100 });
        b.dialogue.returnResult({ invokeId: 1 });
        b.dialogue.end();
      } catch {
        /* idle */
      }
    }
  })();
  let done = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  async function worker(): Promise<void> {
    while (performance.now() < end) {
      const d = ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac });
      d.invoke({ opcode: 0, argument: IDP });
      d.send();
      await d.receive({ timeoutMs: 5000 });
      done++;
    }
  }
  await Promise.all(Array.from({ length: 200 }, worker));
  const ms = performance.now() - t0;
  console.log(`${'dialogues over loopback TCP (Begin/End)'.padEnd(44)} ${Math.round((done / ms) * 1000).toLocaleString('en').padStart(12)} /s`);
  running = false;
  l.close();
  await ssp.stop();
  await scp.stop();
}

const sample = encodeOne(0x01020304);
timeIt('encode Begin+AARQ+InitialDP -> UDT -> DATA', (i) => encodeOne(i));
timeIt('decode DATA -> UDT -> Begin + components', () => decodeOne(sample));
timeIt('encode + decode', (i) => decodeOne(encodeOne(i)));
await dialogues();
