#!/usr/bin/env node
// `npm run demo`: starts the reference SCP (tester scp-sim), a MAP HLR/gsmSCF simulator (tester hlr-sim) and the
// service over M3UA/TCP on loopback, runs one prepaid call at trace_level 2 and prints its message flow, a USSD
// menu session, then a short load test with progress, and the results. Everything it starts is stopped at the end
// (by pid); nothing leaves 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const tester = join(root, 'bin/tester.js');
const work = mkdtempSync(join(tmpdir(), 'tester-demo-'));
const children = [];
const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

function start(name, args, readyRe) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tester, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 20 s:\n${out}`)), 20_000);
    const onData = (d) => {
      out += d.toString();
      const m = readyRe.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => {
      out += d.toString();
      if (process.env.DEMO_VERBOSE) process.stderr.write(`[${name}] ${d}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
}

/** One framed JSON-RPC exchange (4-byte length + JSON), as the service speaks. */
function rpc(port, method, params) {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    let buf = Buffer.alloc(0);
    sock.on('connect', () => sock.end(Buffer.concat([head, body])));
    sock.on('data', (d) => (buf = Buffer.concat([buf, d])));
    sock.on('end', () => {
      try {
        resolve(JSON.parse(buf.subarray(4, 4 + buf.readUInt32BE(0)).toString()));
      } catch (e) {
        reject(e);
      }
    });
    sock.on('error', reject);
  });
}

function runCli(args) {
  return spawnSync(process.execPath, [tester, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });
}

function leaves(o, prefix = '', out = []) {
  for (const [k, v] of Object.entries(o ?? {})) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) leaves(v, p, out);
    else out.push([p, v]);
  }
  return out;
}

/** The telling fields of a decoded message: digits, causes, names, keys, flags and nested values. */
function show(fields) {
  const all = leaves(fields).filter(([k, v]) => !/(_hex|_inn|_ni|_npi|_pri|_si|_standard|_location|_mode|^variant|^tcap|invoke_id|last_component)$/.test(k) && !Array.isArray(v));
  const raw = new Set(all.filter(([k]) => all.some(([o]) => o.startsWith(`${k}_`))).map(([k]) => k));
  return all.filter(([k]) => !raw.has(k) && !(k.endsWith('eventTypeBCSM') && all.some(([o]) => o === `${k}_name`))).slice(0, 7).map(([k, v]) => `${k.split('.').slice(-2).join('.')}=${v}`).join(' ');
}

async function main() {
  console.log(bold('1. reference SCP: tester scp-sim (examples/inap/scp-sim.json)'));
  const sim = await start('scp-sim', ['scp-sim', '--config', join(root, 'examples/inap/plugins.json'), '--listen', '127.0.0.1:0', '--script', join(root, 'examples/inap/scp-sim.json')], /scp-sim listening on (\S+):(\d+)/);
  const simPort = Number(sim.match[2]);
  console.log(`   listening on 127.0.0.1:${simPort} (M3UA SGP, point code 2, SSN 146)`);

  console.log(bold('   and a MAP peer: tester hlr-sim (examples/map/hlr-sim.json)'));
  const hlr = await start('hlr-sim', ['hlr-sim', '--config', join(root, 'examples/map/plugins.json'), '--listen', '127.0.0.1:0', '--script', join(root, 'examples/map/hlr-sim.json')], /hlr-sim listening on (\S+):(\d+)/);
  const hlrPort = Number(hlr.match[2]);
  console.log(`   listening on 127.0.0.1:${hlrPort} (M3UA SGP, point code 2, SSN 6)`);

  console.log(bold('2. tester service with sigtran + inap + map, connecting to both as an M3UA ASP'));
  const cfg = JSON.parse(readFileSync(join(root, 'examples/inap/plugins.json'), 'utf8'));
  const sigtran = cfg.find((e) => e.name === 'sigtran').options;
  sigtran.instances[0].port = simPort;
  const mapCfg = JSON.parse(readFileSync(join(root, 'examples/map/plugins.json'), 'utf8'));
  sigtran.instances.push({ ...mapCfg.find((e) => e.name === 'sigtran').options.instances[0], port: hlrPort });
  sigtran.default = sigtran.instances[0].name;
  cfg.push({ name: 'map', enabled: true });
  const cfgPath = join(work, 'plugins.json');
  writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));
  const svc = await start('service', ['serve', '--port', '0', '--config', cfgPath, '--data-dir', join(work, 'data'), '--quiet'], /listening (\S+):(\d+)/);
  const port = svc.match[2];
  console.log(`   JSON-RPC on 127.0.0.1:${port}`);
  // wait for the M3UA association (a run needing a gateway that is not up is refused with 2003)
  for (let i = 0; i < 100; i++) {
    const r = await rpc(Number(port), 'ExecuteTest', { run_id: `probe-${i}`, operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 1 } }, { type: 'inap.ssp_from_scp.ReleaseCall' }] });
    if (!r.error) break;
    if (r.error.code !== 2003) throw new Error(`probe refused: ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }

  console.log(bold('\n3. one prepaid call (examples/inap/prepaid.json), trace_level 2'));
  const one = runCli(['run', join(root, 'examples/inap/prepaid.json'), '--port', port, '--json', '--run-id', `demo-prepaid-${Date.now()}`]);
  const rec = JSON.parse(one.stdout.toString());
  for (const m of rec.first_call?.messages ?? []) {
    const arrow = m.direction === 'sent' ? 'SSP → SCP' : 'SSP ← SCP';
    console.log(`   ${arrow}  ${m.name.padEnd(24)} ${show(m.fields)}`);
    if (m.hex) console.log(`              ${m.hex.length > 96 ? m.hex.slice(0, 96) + '…' : m.hex}  (${m.hex.length / 2} bytes M3UA)`);
  }
  for (const c of rec.first_call?.check_log ?? []) console.log(`   ${c.status.padEnd(5)} ${c.text}`);
  console.log(`   outcome: ${rec.first_call?.outcome} in ${(rec.first_call?.duration * 1000).toFixed(1)} ms`);

  console.log(bold('\n4. a USSD menu session (examples/map/ussd-menu.json): the tester as HLR, hlr-sim as the gsmSCF'));
  const ussdDef = JSON.parse(readFileSync(join(root, 'examples/map/ussd-menu.json'), 'utf8'));
  ussdDef.sigtran = 'MAP';
  ussdDef.run_id = `demo-ussd-${Date.now()}`;
  const ussdPath = join(work, 'ussd-menu.json');
  writeFileSync(ussdPath, JSON.stringify(ussdDef));
  let ussd;
  for (let i = 0; i < 50; i++) {
    const out = runCli(['run', ussdPath, '--port', port, '--json', '--run-id', `${ussdDef.run_id}-${i}`]);
    ussd = JSON.parse(out.stdout.toString() || '{}');
    if (ussd.first_call) break;
    await new Promise((res) => setTimeout(res, 100)); // the MAP association may still be coming up (2003)
  }
  for (const m of ussd.first_call?.messages ?? []) {
    const arrow = m.direction === 'sent' ? 'HLR → gsmSCF' : 'HLR ← gsmSCF';
    console.log(`   ${arrow}  ${m.name.padEnd(36)} ${JSON.stringify(m.fields.ussdString_text)}  (USSD-String ${m.fields.ussdString})`);
  }
  for (const c of ussd.first_call?.check_log ?? []) console.log(`   ${c.status.padEnd(5)} ${c.text.replace(/\n/g, '\\n')}`);
  console.log(`   outcome: ${ussd.first_call?.outcome}`);

  console.log(bold('\n5. load test: 10,000 × InitialDP → ReleaseCall (examples/inap/load.json, backlog 200)'));
  const load = spawnSync(process.execPath, [tester, 'run', join(root, 'examples/inap/load.json'), '--port', port, '--run-id', `demo-load-${Date.now()}`], { cwd: root, stdio: 'inherit' });

  console.log(bold('\n6. linear ramp: 100 → 1,000 instances/s over 5 s (examples/inap/linear-ramp.json)'));
  const ramp = spawnSync(process.execPath, [tester, 'run', join(root, 'examples/inap/linear-ramp.json'), '--port', port, '--run-id', `demo-ramp-${Date.now()}`], { cwd: root, stdio: 'inherit' });

  return rec.first_call?.outcome === 'passed' && ussd?.first_call?.outcome === 'passed' && load.status === 0 && ramp.status === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`demo failed: ${e.message}`);
} finally {
  for (const c of children.reverse()) if (c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
console.log(code === 0 ? bold('\ndemo passed') : bold('\ndemo FAILED'));
process.exit(code);
