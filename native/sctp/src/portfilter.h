// Only our own SCTP packets reach the userland stack (portfilter.c).
//
// usrsctp reads SCTP from a raw IPv4 socket, and a raw socket receives every SCTP packet the host receives: on one
// host the packets of every other userland stack too (in the bench, the scp-sim's stack reads every packet the
// service's stack reads, both directions). Each one costs a wake-up of usrsctp's receive thread, a recvmsg, a
// CRC32c and a lookup before it is dropped. A socket filter (classic BPF) on that raw socket lets through only
// packets whose SCTP destination port is one our sockets use, so the kernel drops the others before they are queued.
// All functions run on the JavaScript thread.
#ifndef TESTER_SCTP_PORTFILTER_H
#define TESTER_SCTP_PORTFILTER_H

#include <stdint.h>

/** Find usrsctp's raw IPv4 socket (after usrsctp_init) and attach the filter. 0, or why not (then all is let in). */
const char *portfilter_install(void);

/** usrsctp's raw IPv4 socket, as portfilter_install found it (-1: not found). */
int portfilter_raw_socket(void);

/** Socket `owner` uses this SCTP port (host order; 0: unknown, which lets every packet in while it is open). */
void portfilter_add(uint32_t owner, uint16_t port);

/** An accepted association uses its listener's port. */
void portfilter_inherit(uint32_t from, uint32_t to);

/** Socket `owner` is closed: its port stays let in for a while, for the stack's graceful end of its association. */
void portfilter_forget(uint32_t owner);

#endif
