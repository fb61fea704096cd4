// A socket filter on usrsctp's raw IPv4 socket: only packets for the SCTP ports our sockets use (portfilter.h says why).
//
// The filter (classic BPF) reads the SCTP destination port after the IPv4 header (a raw socket's filter sees the
// packet from its IP header on, reassembled) and compares it with each port in turn: two instructions per port, so
// the jump offsets stay small whatever the number of ports. It is rebuilt when the set of ports changes (a bind, a
// connect, a close), never per packet. Whatever cannot be filtered exactly (no raw socket found, an unknown port,
// more ports than a filter holds) lets every packet in, as without a filter: the stack then drops what is not its own
// as before. IPv6 is not filtered (usrsctp's raw IPv6 socket sees no IP header; it carries no traffic in our tests).
#define _GNU_SOURCE
#include "portfilter.h"
#include <dirent.h>
#include <linux/filter.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

/** Sockets (with their port) the table holds; beyond it every packet is let in. */
#define MAX_USES 1024
/** Ports in one filter (2 instructions each; the kernel allows 4096 in all). */
#define MAX_PORTS 1024
/**
 * How long a closed socket's port stays let in: usrsctp finishes a graceful SHUTDOWN after the socket is closed, and
 * gives up at its shutdown guard timer, 5 × RTO.max (5 minutes with the default RTO.max of 60 s).
 */
#define LINGER_S 330

typedef struct {
  uint32_t owner;
  uint16_t port;
  time_t gone; // 0: open
} port_use;

static port_use uses[MAX_USES];
static size_t nuses;
static bool overflow;
static int raw_fd = -1;
static uint16_t applied[MAX_PORTS];
static size_t napplied;
static bool attached;

static time_t now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec;
}

static int by_port(const void *a, const void *b) {
  return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/** The ports to let in, sorted and distinct; false when every packet must be let in. */
static bool wanted(uint16_t *ports, size_t *n) {
  time_t now = now_s();
  size_t j = 0;
  *n = 0;
  for (size_t i = 0; i < nuses; i++) {
    if (uses[i].gone && now - uses[i].gone >= LINGER_S) continue;
    uses[j++] = uses[i];
  }
  nuses = j;
  if (overflow) return false;
  for (size_t i = 0; i < nuses; i++) {
    if (uses[i].port == 0) return false;
    if (*n == MAX_PORTS) return false;
    ports[(*n)++] = uses[i].port;
  }
  qsort(ports, *n, sizeof *ports, by_port);
  size_t k = 0;
  for (size_t i = 0; i < *n; i++) {
    if (k == 0 || ports[k - 1] != ports[i]) ports[k++] = ports[i];
  }
  *n = k;
  return true;
}

static void let_all_in(void) {
  if (!attached) return;
  int zero = 0;
  setsockopt(raw_fd, SOL_SOCKET, SO_DETACH_FILTER, &zero, sizeof zero);
  attached = false;
}

static void attach(const uint16_t *ports, size_t n) {
  static struct sock_filter prog[3 + 2 * MAX_PORTS];
  size_t k = 0;
  prog[k++] = (struct sock_filter)BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 0); // X = the IPv4 header's length
  prog[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_H | BPF_IND, 2); // A = the SCTP destination port
  for (size_t i = 0; i < n; i++) {
    prog[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ports[i], 0, 1);
    prog[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, 0xffffffffu); // ours: the whole packet
  }
  prog[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, 0); // not ours: dropped by the kernel
  struct sock_fprog fprog = { .len = (unsigned short)k, .filter = prog };
  if (setsockopt(raw_fd, SOL_SOCKET, SO_ATTACH_FILTER, &fprog, sizeof fprog) != 0) {
    let_all_in();
    return;
  }
  attached = true;
  memcpy(applied, ports, n * sizeof *ports);
  napplied = n;
}

static void update(void) {
  if (raw_fd < 0) return;
  uint16_t ports[MAX_PORTS];
  size_t n;
  if (!wanted(ports, &n)) {
    let_all_in();
    return;
  }
  if (attached && n == napplied && memcmp(ports, applied, n * sizeof *ports) == 0) return;
  attach(ports, n);
}

/** Is fd a raw IPv4 socket for SCTP? */
static bool is_raw_sctp4(int fd) {
  int type = 0, proto = 0, domain = 0;
  socklen_t l1 = sizeof type, l2 = sizeof proto, l3 = sizeof domain;
  return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &l1) == 0 && type == SOCK_RAW && getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &l2) == 0 &&
         proto == IPPROTO_SCTP && getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &l3) == 0 && domain == AF_INET;
}

const char *portfilter_install(void) {
  DIR *d = opendir("/proc/self/fd");
  if (!d) return "cannot list /proc/self/fd";
  int found = -1, count = 0;
  for (struct dirent *de; (de = readdir(d));) {
    char *end;
    long fd = strtol(de->d_name, &end, 10);
    if (*end || fd < 0 || fd == dirfd(d) || !is_raw_sctp4((int)fd)) continue;
    found = (int)fd;
    count++;
  }
  closedir(d);
  if (count != 1) return count ? "more than one raw IPv4 SCTP socket in this process" : "usrsctp's raw IPv4 socket not found";
  raw_fd = found;
  update();
  return NULL;
}

int portfilter_raw_socket(void) {
  return raw_fd;
}

static port_use *find(uint32_t owner) {
  for (size_t i = 0; i < nuses; i++) {
    if (uses[i].owner == owner && !uses[i].gone) return &uses[i];
  }
  return NULL;
}

void portfilter_add(uint32_t owner, uint16_t port) {
  port_use *u = find(owner);
  if (u) u->port = port;
  else if (nuses < MAX_USES) uses[nuses++] = (port_use){ owner, port, 0 };
  else overflow = true;
  update();
}

void portfilter_inherit(uint32_t from, uint32_t to) {
  port_use *u = find(from);
  portfilter_add(to, u ? u->port : 0);
}

void portfilter_forget(uint32_t owner) {
  port_use *u = find(owner);
  if (u) u->gone = now_s();
  update();
}
