// `npm run bench` options: the usage `--help` prints, and the check that refuses an option the bench does not know
// (an unknown or misspelt one would otherwise be ignored, and the whole bench run for minutes with its defaults).

/** Options that take a value (the next argument): what --help shows as the value, and says of the option. */
const VALUED: Record<string, readonly [string, string]> = {
  '--secs': ['S', 'seconds per linear step (8; --quick 4)'],
  '--rates': ['R,R,…', 'linear rates per second (2000,5000,10000,15000,20000,25000)'],
  '--sipp-rates': ['R,R,…', "SIPp's rates per second (5000,10000,20000,30000,40000)"],
  '--backlogs': ['B,B,…', 'load backlogs (25,50,100,200,400,800,1600,3200)'],
  '--path-backlogs': ['B,B,…', "the protocol paths' load backlogs (50,200,800,3200)"],
  '--paths': ['P,P,…', 'the protocol paths to run (all: inap-sctp,map-ati,map-mo-fsm,diameter-ocs,diameter-freediameter,mixed)'],
  '--linear-target-runs': ['N', 'how many times in a row the 20,000/s linear target runs (1)'],
  '--cpu-pairs': ['N', "after SIPp: the service's load maximum step and SIPp's ceiling step again, alternated N times (3; --quick 0)"],
  '--workers': ['N', "the service's worker threads (1)"],
  '--scp-workers': ['N', "scp-sim's worker threads (as --workers)"],
  '--transport': ['tcp|sctp', 'sctp: TCP and SCTP side by side, in a private network namespace (root)'],
  '--sctp-backend': ['auto|kernel|userland', 'with --transport sctp: the SCTP backend (auto)'],
  '--json-out': ['FILE', 'also write every figure as JSON to this file'],
  '--scale-rate': ['R', 'with --scale: calls per second (8500)'],
  '--ramp-s': ['S', 'with --scale: seconds of starting calls (75)'],
  '--hold-s': ['S', 'with --scale: seconds each call is held (60)'],
};

/** Options without a value. */
const FLAGS: Record<string, string> = {
  '--quick': 'short steps and fewer of them (a few minutes)',
  '--json': 'print every figure as one JSON object instead of lines',
  '--markdown': "also print the README's tables",
  '--no-sipp': 'skip SIPp',
  '--no-memory': 'skip the memory run',
  '--no-web': 'skip the web client figures',
  '--no-paths': 'skip the protocol paths',
  '--no-linear-target': 'skip the 20,000/s linear target',
  '--scale': 'only the long calls at scale (half a million in flight): docs/bench.md "--scale"',
  '--trace-gc': "with --scale: the service's GC pauses",
  '--help': 'this text',
};

/** What `--help` prints. */
export function benchUsage(): string {
  const rows = [...Object.entries(FLAGS).map(([k, v]) => [k, v] as const), ...Object.entries(VALUED).map(([k, [value, text]]) => [`${k} ${value}`, text] as const)];
  const w = Math.max(...rows.map(([k]) => k.length));
  return [
    'npm run bench -- [options]: the tester against tester scp-sim (INAP over M3UA/TCP on loopback) and SIPp on the same',
    'machine: the load maximum, the linear ceiling and target, memory per in-flight instance, the protocol paths, the',
    "web client's cost. Every figure and JSON field: docs/bench.md. Node flags for the service: TESTER_SERVICE_NODE_FLAGS.",
    '',
    ...rows.map(([k, v]) => `  ${k.padEnd(w)}  ${v}`),
  ].join('\n');
}

/** 'help' for --help or -h; an error naming the first argument the bench does not know; undefined: go on. */
export function checkBenchArgs(argv: readonly string[]): 'help' | { error: string } | undefined {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a in VALUED) {
      if (i + 1 >= argv.length) return { error: `${a} needs a value (npm run bench -- --help lists the options)` };
      i++;
    } else if (!(a in FLAGS)) return { error: `unknown option ${a} (npm run bench -- --help lists the options)` };
  }
  return undefined;
}
