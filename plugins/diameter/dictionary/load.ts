// Load the dictionary a deployment uses: the built-in ones, then the inline site dictionary of plugins.json, then
// the site dictionary files (JSON, same shape; paths relative to the working directory).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Dictionary, DictionaryError } from './dictionary.js';
import type { SiteDictionary } from './site.js';

export function loadDictionary(options: { dictionary?: SiteDictionary; dictionary_files?: string[] }): Dictionary {
  const sites: SiteDictionary[] = [];
  if (options.dictionary) sites.push(options.dictionary);
  for (const f of options.dictionary_files ?? []) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(resolve(f), 'utf8'));
    } catch (e) {
      throw new DictionaryError(`dictionary file ${f}: ${(e as Error).message}`);
    }
    sites.push(data as SiteDictionary);
  }
  return new Dictionary(undefined, sites);
}
