#!/usr/bin/env node
// Builds the container image: with a container engine (docker or podman answering), `<engine> build`; without
// one (CI here has none), it runs the Dockerfile's own steps on this machine, in order, read from the Dockerfile
// itself: each stage in a directory of its own, WORKDIR/ENV/COPY (--from, --chown)/RUN/USER as the engine would,
// and then starts the result as the image would (ENTRYPOINT + CMD) as the image's non-root user, checking that the
// service comes up. It says which of the two it did. Usage: node scripts/container-build.mjs [--keep]
// What the script cannot do: pull the base image (it uses this machine's Node and Debian packages instead).
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const say = (s) => process.stdout.write(`${s}\n`);

function engine() {
  for (const e of ['docker', 'podman']) {
    const r = spawnSync(e, ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8', timeout: 15_000 });
    if (r.status === 0 && r.stdout.trim()) return e;
  }
  return undefined;
}

/** The Dockerfile as instructions: [{op, args, line}], continuation lines joined, comments dropped. */
export function parseDockerfile(text) {
  const out = [];
  let buf = '';
  let start = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!buf && (line === '' || line.startsWith('#'))) return;
    if (!buf) start = i + 1;
    if (line.endsWith('\\')) {
      buf += `${line.slice(0, -1)} `;
      return;
    }
    buf += line;
    const m = /^(\w+)\s+([\s\S]*)$/.exec(buf);
    if (!m) throw new Error(`Dockerfile:${start}: cannot read '${buf}'`);
    out.push({ op: m[1].toUpperCase(), args: m[2].trim(), line: start });
    buf = '';
  });
  return out;
}

const jsonOrShell = (args) => (args.startsWith('[') ? JSON.parse(args) : ['sh', '-c', args]);

/** The user ids of the base image's users that this machine may not have. */
const IMAGE_USERS = { node: 1000, root: 0 };

function runWithoutEngine() {
  say('== no container engine answers (docker/podman): running the Dockerfile\'s steps as a script on this machine instead');
  say(`== (base image not pulled: this machine's node ${process.version} stands in for it)`);
  const steps = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'tester-image-'));
  chmodSync(work, 0o755);
  const stages = new Map();
  let stage;
  const inStage = (p) => join(stage.dir, p);
  for (const s of steps) {
    const where = `Dockerfile:${s.line}: ${s.op} ${s.args}`;
    switch (s.op) {
      case 'FROM': {
        const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(s.args);
        const name = m?.[2] ?? `stage${stages.size}`;
        stage = { name, dir: join(work, name), workdir: '/', env: {}, user: 'root' };
        mkdirSync(stage.dir, { recursive: true });
        chmodSync(stage.dir, 0o755);
        stages.set(name, stage);
        say(`-- ${where}`);
        break;
      }
      case 'WORKDIR':
        stage.workdir = s.args.startsWith('/') ? s.args : join(stage.workdir, s.args);
        mkdirSync(inStage(stage.workdir), { recursive: true });
        break;
      case 'ENV':
        for (const m of s.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[m[1]] = m[2].replace(/^"|"$/g, '');
        break;
      case 'COPY': {
        const parts = s.args.split(/\s+/);
        const flags = Object.fromEntries(parts.filter((p) => p.startsWith('--')).map((p) => p.slice(2).split('=')));
        const paths = parts.filter((p) => !p.startsWith('--'));
        const dest = paths.pop();
        const destAbs = dest.startsWith('/') ? dest : join(stage.workdir, dest);
        for (const src of paths) {
          const from = flags.from ? join(stages.get(flags.from).dir, src) : join(root, src);
          if (!existsSync(from)) throw new Error(`${where}: ${src} does not exist`);
          const to = dest.endsWith('/') || paths.length > 1 ? join(inStage(destAbs), src.split('/').pop()) : inStage(destAbs);
          mkdirSync(dirname(to), { recursive: true });
          cpSync(from, to, { recursive: true });
        }
        if (flags.chown) {
          const [u, g] = flags.chown.split(':');
          const uid = IMAGE_USERS[u] ?? Number(u);
          const gid = IMAGE_USERS[g ?? u] ?? Number(g ?? u);
          spawnSync('chown', ['-R', `${uid}:${gid}`, inStage(destAbs)], { stdio: 'inherit' });
        }
        say(`   ${s.op} ${s.args}`);
        break;
      }
      case 'RUN': {
        say(`   RUN ${s.args}`);
        const [cmd, ...args] = jsonOrShell(s.args);
        // This machine's environment stands in for the base image's (its npm configuration and caches included).
        const r = spawnSync(cmd, args, { cwd: inStage(stage.workdir), env: { ...process.env, ...stage.env }, stdio: 'inherit' });
        if (r.status !== 0) throw new Error(`${where}: exited ${r.status ?? r.signal}`);
        break;
      }
      case 'USER':
        stage.user = s.args;
        break;
      case 'ENTRYPOINT':
        stage.entrypoint = jsonOrShell(s.args);
        break;
      case 'CMD':
        stage.cmd = jsonOrShell(s.args);
        break;
      case 'EXPOSE':
      case 'LABEL':
      case 'ARG':
        break;
      default:
        throw new Error(`${where}: this script does not know ${s.op}; teach it, or the Dockerfile and the script part ways`);
    }
  }
  return { work, stage };
}

/** Start the image's command (ENTRYPOINT + CMD) as its user, on free loopback ports; resolve once it listens. */
function smoke(stage) {
  const uid = IMAGE_USERS[stage.user] ?? Number(stage.user);
  const argv = [...stage.entrypoint, ...stage.cmd];
  say(`== starting the image's command as user ${stage.user} (uid ${uid}): ${argv.join(' ')}`);
  const [cmd, ...args] = argv;
  const child = spawn('setpriv', [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', cmd === 'node' ? process.execPath : cmd, ...args, '--port', '0', '--metrics-port', '0'], {
    cwd: join(stage.dir, stage.workdir),
    env: { PATH: process.env.PATH, ...stage.env, HOME: join(stage.dir, stage.workdir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not come up in 60 s:\n${out}${err}`));
    }, 60_000);
    child.stderr.on('data', (d) => (err += d));
    let stopping = false;
    child.stdout.on('data', (d) => {
      out += d;
      // one SIGTERM, once both readiness lines are there (a later chunk of output must not send a second one)
      if (!stopping && /^listening \S+:\d+$/m.test(out) && /^metrics http:\S+$/m.test(out)) {
        stopping = true;
        clearTimeout(timer);
        say(out.trim().split('\n').map((l) => `   ${l}`).join('\n'));
        child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the service exited ${code ?? `by signal ${signal}`} on SIGTERM:\n${err}`))));
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!/^listening/m.test(out)) reject(new Error(`the service exited ${code} before listening:\n${out}${err}`));
    });
  });
}

const e = engine();
if (e) {
  say(`== building the image with ${e}`);
  const r = spawnSync(e, ['build', '-t', 'tester-service', root], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
let work;
try {
  const built = runWithoutEngine();
  work = built.work;
  await smoke(built.stage);
  say('== the Dockerfile\'s steps ran and the result serves as its non-root user (no image was made: there is no engine)');
} catch (err) {
  process.stderr.write(`container build failed: ${err.message}\n`);
  process.exitCode = 1;
} finally {
  if (work && !keep) rmSync(work, { recursive: true, force: true });
  else if (work) say(`== kept ${work}`);
}
