#!/usr/bin/env node
// Builds the optional SCTP addons (native/sctp: sctp_userland over usrsctp, sctp_kernel over lksctp) with node-gyp.
// Runs at `npm ci` (the package's install script) and as `npm run build:native`. It never fails the install: a
// backend whose headers or compiler are missing is skipped, and native/sctp/build/status.json records why, so
// that the service can say what to install when an instance asks for that backend.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'native', 'sctp');
const hasHeader = (h) => ['/usr/include', '/usr/local/include'].some((d) => existsSync(join(d, h)));
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

const backends = {
  userland: { header: 'usrsctp.h', pkg: 'libusrsctp-dev' },
  kernel: { header: 'netinet/sctp.h', pkg: 'libsctp-dev' },
};
const status = {};
const tools = ['cc', 'c++', 'make', 'python3'].filter((t) => !onPath(t));
for (const [name, b] of Object.entries(backends)) {
  if (!hasHeader(b.header)) status[name] = { built: false, reason: `${b.header} not found: apt-get install ${b.pkg}` };
  else if (tools.length) status[name] = { built: false, reason: `no ${tools.join(', ')} to compile with: apt-get install g++ make python3` };
}

const gyp = process.env.npm_config_node_gyp ?? join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
const wanted = Object.keys(backends).filter((n) => !status[n]);
if (wanted.length && !existsSync(gyp)) {
  for (const n of wanted) status[n] = { built: false, reason: `node-gyp not found (${gyp})` };
} else if (wanted.length) {
  const args = [gyp, 'rebuild'];
  // the Node headers of this installation (Debian/NodeSource put them in /usr/include/node)
  if (!process.env.npm_config_nodedir && existsSync('/usr/include/node/node_api.h')) args.push('--nodedir=/usr');
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => /error|Error/.test(l)).slice(0, 6).join(' | ');
    for (const n of wanted) status[n] = { built: false, reason: `the build failed: ${tail || `node-gyp exit ${r.status}`}` };
  }
}
for (const n of Object.keys(backends)) {
  const built = existsSync(join(dir, 'build', 'Release', `sctp_${n}.node`));
  status[n] = built ? { built: true } : (status[n] ?? { built: false, reason: 'not built' });
}
mkdirSync(join(dir, 'build'), { recursive: true });
writeFileSync(join(dir, 'build', 'status.json'), JSON.stringify(status, null, 2) + '\n');
for (const [n, s] of Object.entries(status)) {
  console.log(`SCTP ${n} backend: ${s.built ? 'built' : `not built (${s.reason}); everything else works without it`}`);
}
