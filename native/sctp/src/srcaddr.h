// Each path's packets with that path's own source address on the userland backend (srcaddr.c).
//
// usrsctp writes the IPv4 header itself (a raw socket with IP_HDRINCL) and, for an endpoint bound to several
// addresses, picks the source without regard to the destination's subnet: path-1 packets could leave with path 2's
// address, and a peer with strict reverse-path filtering drops them. srcaddr.c interposes the sendmsg() that
// libusrsctp calls and, for an SCTP packet whose source is one of the sending port's bound addresses, puts in the
// address the kernel would pick for that destination (when it is bound by that port too). The SCTP checksum
// (CRC32c) covers no pseudo-header, so only the IPv4 header changes.
#ifndef TESTER_SCTP_SRCADDR_H
#define TESTER_SCTP_SRCADDR_H

#include <stdint.h>
#include <sys/socket.h>

/** Install the interposer (before usrsctp_init). NULL when installed, else why not (for the log and ListTests). */
const char *srcaddr_install(void);

/** Socket `owner` is bound to these addresses (packed sockaddrs, as usrsctp_getladdrs gives them, with the port). */
void srcaddr_bound(uint32_t owner, const struct sockaddr *addrs, int n);

/** An accepted association keeps its listener's addresses. */
void srcaddr_inherit(uint32_t from, uint32_t to);

/** Socket `owner` is closed. */
void srcaddr_forget(uint32_t owner);

#endif
