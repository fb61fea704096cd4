// Dockerfile + scripts/container-build.mjs (long tier: a whole npm ci): with a container engine the image is
// built; without one (CI here) the script runs the Dockerfile's own steps, stage by stage, and starts the result
// as the image's non-root user, which must come up serving. Its output says which of the two it did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

test('the image builds, or without an engine its steps run as a script and the result serves as a non-root user', { timeout: 20 * 60_000 }, () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts/container-build.mjs')], { cwd: root, encoding: 'utf8', timeout: 20 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  const out = `${r.stdout}\n${r.stderr}`;
  assert.equal(r.status, 0, out.slice(-4000));
  if (/building the image with (docker|podman)/.test(out)) return;
  assert.match(out, /no container engine answers \(docker\/podman\): running the Dockerfile's steps as a script on this machine instead/);
  for (const step of ['RUN npm ci --no-audit --no-fund', 'RUN npm prune --omit=dev', 'COPY --from=build --chown=node:node /app /app']) assert.ok(out.includes(step), step);
  assert.match(out, /starting the image's command as user node \(uid 1000\): node --max-semi-space-size=32 --no-concurrent-marking bin\/tester\.js serve --config examples\/service\.yaml/);
  assert.match(out, /listening 127\.0\.0\.1:\d+/);
  assert.match(out, /the result serves as its non-root user/);
});
