#!/usr/bin/env node
// The `tester` command. Sources are TypeScript, loaded through tsx's ESM hooks.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../core/cli/main.ts');
await main(process.argv);
