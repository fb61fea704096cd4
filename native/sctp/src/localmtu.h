// The path MTU of an association whose peer is this host (localmtu.c).
//
// usrsctp cannot ask the kernel for a route's MTU: it takes 1,500 bytes for every path (sctp_userspace.c), so an
// association over lo sends ~7 small M3UA messages per packet where lo carries 65,536 bytes, and every packet costs a
// sendmsg, a wake-up and a recvmsg on the other side, a CRC32c each way and half a SACK. Packets to an address of
// this host never leave it: Linux routes them over lo, whatever interface holds the address. For those we give the
// stack lo's MTU, bounded by what usrsctp can send in one packet (LOCAL_MTU_MAX). Peers elsewhere keep 1,500.
// All functions run on the JavaScript thread.
#ifndef TESTER_SCTP_LOCALMTU_H
#define TESTER_SCTP_LOCALMTU_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

/**
 * usrsctp hands a packet to sendmsg as at most 32 mbufs and drops a longer chain (user_socket.c,
 * sctp_userspace_ip_output: "mbuf chain couldn't be copied completely"); small DATA chunks are copied into 2 KB
 * clusters, so a packet of 32 KB takes 16 of them and leaves room for the SACK and other chunks bundled before them.
 */
#define LOCAL_MTU_MAX 32768

/**
 * The IP MTU for a path to these `n` packed addresses (sockaddr_in / sockaddr_in6 one after another): lo's MTU
 * (at most LOCAL_MTU_MAX) when every one is a loopback address, or (with `host_addrs`) an address of this host;
 * else 0. A listener's bound addresses are asked without `host_addrs` (bound to a host address, it may be reached
 * from elsewhere), a connecting socket's peers with it.
 */
uint32_t local_path_mtu(const uint8_t *packed, int n, bool host_addrs);

#endif
