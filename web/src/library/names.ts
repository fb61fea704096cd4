// The library's rule for names (the HTTP API refuses others with 400): they are file names in the data directory.
const NAME_RULE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const nameProblem = (name: string): string | undefined =>
  NAME_RULE.test(name) ? undefined : 'a name is 1–100 letters, digits, dots, dashes or underscores, starting with a letter or digit';
