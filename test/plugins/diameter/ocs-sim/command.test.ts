import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ocsSimCommand } from '../../../../plugins/diameter/ocs-sim/command.js';
import { pluginCommandHelp, runPluginCommand } from '../../../../cli/plugin-command.js';

describe('tester diameter-ocs: arguments', () => {
  for (const args of [['--bogus'], ['--listen', 'nocolon'], ['--grant-time', '-1'], ['--result-code']]) {
    test(`refuses ${args.join(' ')} with exit code 2`, async () => {
      const write = process.stderr.write;
      let err = '';
      process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
      try {
        assert.equal(await runPluginCommand('diameter-ocs', ocsSimCommand, args, {}), 2);
      } finally {
        process.stderr.write = write;
      }
      assert.match(err, /^diameter-ocs: /);
    });
  }

  test('the help names every option', () => {
    for (const o of ['--listen', '--connect', '--origin-host', '--origin-realm', '--result-code', '--grant-time', '--grant-octets', '--rar-after', '--stats', '--config']) {
      assert.ok(pluginCommandHelp('diameter-ocs', ocsSimCommand).includes(o), o);
    }
  });
});
