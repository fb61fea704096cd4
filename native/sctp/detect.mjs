// Prints 1 when the headers (and library) of a backend are installed, else 0; binding.gyp builds what is there.
//   node detect.mjs usrsctp   -> usrsctp.h   (Debian: libusrsctp-dev)
//   node detect.mjs lksctp    -> netinet/sctp.h (Debian: libsctp-dev)
import { existsSync } from 'node:fs';

const headers = { usrsctp: 'usrsctp.h', lksctp: 'netinet/sctp.h' };
const header = headers[process.argv[2]];
const dirs = ['/usr/include', '/usr/local/include', ...(process.env.CPATH ?? '').split(':').filter(Boolean)];
process.stdout.write(header && dirs.some((d) => existsSync(`${d}/${header}`)) ? '1' : '0');
