// A simulator's script file (`--script FILE`): JSON, or YAML for a .yaml / .yml file, read and handed to the
// simulator's own parse, which checks it and names each mistake by its path in the script (`rules[2].op: ...`).
// Every error the loader throws is a ScriptError that starts with the file's path.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** A script that cannot be used; its message names the place (the file, the path inside it). */
export class ScriptError extends Error {}

/** Read the script at `path` and give its data to `parse` (which throws ScriptError, naming the JSON path). */
export function loadScript<T>(path: string, parse: (data: unknown) => T): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ScriptError(`cannot read ${path}: ${(e as Error).message}`);
  }
  const yaml = /\.ya?ml$/i.test(path);
  let data: unknown;
  try {
    data = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (e) {
    throw new ScriptError(`${path}: not ${yaml ? 'YAML' : 'JSON'}: ${(e as Error).message}`);
  }
  try {
    return parse(data);
  } catch (e) {
    throw new ScriptError(`${path}: ${(e as Error).message}`);
  }
}
