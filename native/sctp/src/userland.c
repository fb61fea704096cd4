// SCTP in user space for Node.js: usrsctp (the SCTP stack of FreeBSD, as used by the browsers) sending real SCTP
// over raw IP (protocol 132; needs CAP_NET_RAW), for hosts whose kernel has no SCTP.
//
// Threads: usrsctp runs its own timer and receive threads. Its only entry into this file from those threads is
// upcall(), which records the socket's id in a queue and wakes the JavaScript thread through one thread-safe
// function call (coalesced: at most one is pending). Everything else (recvv, sendv, accept, connect, close) runs
// on the JavaScript thread: drain() reads every socket that was woken and hands the JavaScript callback one array
// of events. Sockets are named by ids (slot + generation), never by pointers, so a late upcall for a closed socket
// is harmless.
#define _GNU_SOURCE
#include <usrsctp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <unistd.h>

#define SOCK_T struct socket *
#define SOCK_SETOPT(s, l, n, v, len) usrsctp_setsockopt(s, l, n, v, len)
#define SOCK_GETOPT(s, l, n, v, len) usrsctp_getsockopt(s, l, n, v, len)
#include "common.h"
#include "localmtu.h"
#include "portfilter.h"
#include "srcaddr.h"

/** Messages read from one socket per wake-up before the others get their turn (the rest is read next time). */
#define READ_BUDGET 512
/** DATA chunks one association may hold in the stack, unsent or unacknowledged (usrsctp's own default: 512). */
#define MAX_CHUNKS_ON_QUEUE 16384
/** Bytes asked for the raw socket's receive buffer (raise_raw_buffer). */
#define RAW_RECEIVE_BUFFER (4 << 20)
#define SLOT_BITS 20
#define SLOT_MASK ((1u << SLOT_BITS) - 1)

typedef struct {
  struct socket *so;
  uint32_t id;
  uint32_t mark;
  bool listening, want_write, eof, bound;
  bool one_to_many; // made by socket() with `listener`: the only kind js_listen takes (service_listener)
  bool corked; // SCTP_NODELAY is off while the sends of one batch go in (js_send's flag 2)
  bool local_mtu; // a listener's or connecting socket's associations take lo's MTU (localmtu.h)
  int family;
  bytes msg, ntf;
} entry;

static entry **slots;
static uint32_t *gens;
static uint32_t nslots, open_count;
static uint32_t *free_slots;
static uint32_t nfree;

static napi_threadsafe_function tsfn;
static bool tsfn_refd;
static napi_env the_env;
/** Why every SCTP packet of the host reaches the stack (NULL: only its own; portfilter.h). */
static const char *port_filter_problem;
static bool inited;
static atomic_bool closing;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static uint32_t *dirty, *spare;
static size_t dirty_len, dirty_cap, spare_cap;
static bool signalled;
static uint32_t epoch;
static uint8_t rbuf[1 << 16];
/** The messages of one drain, packed (common.h, event_data). */
static bytes packed;

static entry *lookup(uint32_t id) {
  uint32_t i = id & SLOT_MASK;
  return i < nslots && slots[i] && slots[i]->id == id ? slots[i] : NULL;
}

static void set_ref(napi_env env) {
  bool want = open_count > 0;
  if (want == tsfn_refd) return;
  if (want) napi_ref_threadsafe_function(env, tsfn);
  else napi_unref_threadsafe_function(env, tsfn);
  tsfn_refd = want;
}

static entry *add_entry(napi_env env, struct socket *so) {
  uint32_t i;
  if (nfree) i = free_slots[--nfree];
  else {
    if (nslots > SLOT_MASK) return NULL;
    entry **s = realloc(slots, (nslots + 1) * sizeof *s);
    if (!s) return NULL;
    slots = s;
    uint32_t *g = realloc(gens, (nslots + 1) * sizeof *g);
    if (!g) return NULL;
    gens = g;
    uint32_t *f = realloc(free_slots, (nslots + 1) * sizeof *f);
    if (!f) return NULL;
    free_slots = f;
    gens[nslots] = 0;
    i = nslots++;
  }
  entry *e = calloc(1, sizeof *e);
  if (!e) {
    free_slots[nfree++] = i;
    return NULL;
  }
  e->so = so;
  gens[i] = (gens[i] + 1) & ((1u << (32 - SLOT_BITS)) - 1);
  if (gens[i] == 0) gens[i] = 1;
  e->id = (gens[i] << SLOT_BITS) | i;
  slots[i] = e;
  open_count++;
  set_ref(env);
  return e;
}

static void remove_entry(napi_env env, entry *e) {
  uint32_t i = e->id & SLOT_MASK;
  srcaddr_forget(e->id);
  portfilter_forget(e->id);
  slots[i] = NULL;
  free_slots[nfree++] = i;
  bytes_free(&e->msg);
  bytes_free(&e->ntf);
  free(e);
  open_count--;
  set_ref(env);
}

// ---- the bridge from usrsctp's threads -------------------------------------------------------------------------------

static void mark_dirty(uint32_t id) {
  bool wake = false;
  pthread_mutex_lock(&mu);
  if (dirty_len == dirty_cap) {
    size_t cap = dirty_cap ? dirty_cap * 2 : 256;
    uint32_t *d = realloc(dirty, cap * sizeof *d);
    if (d) {
      dirty = d;
      dirty_cap = cap;
    }
  }
  if (dirty_len < dirty_cap) dirty[dirty_len++] = id;
  if (!signalled) wake = signalled = true;
  pthread_mutex_unlock(&mu);
  if (wake && !atomic_load(&closing)) napi_call_threadsafe_function(tsfn, NULL, napi_tsfn_nonblocking);
}

static void upcall(struct socket *so, void *arg, int flags) {
  (void)so;
  (void)flags;
  mark_dirty((uint32_t)(uintptr_t)arg);
}

// ---- reading on the JavaScript thread ------------------------------------------------------------------------------

static void service(napi_env env, batch *b, entry *e);

/**
 * Ask the stack for path MTU `mtu` (IP packet bytes; 0: the stack's own, 1,500) as the endpoint's default, which the
 * associations it makes by connect or peels off a listener take. localmtu.h says why.
 */
static int future_mtu_opt(struct socket *so, uint32_t mtu) {
  struct sctp_paddrparams pp;
  memset(&pp, 0, sizeof pp);
  pp.spp_assoc_id = SCTP_FUTURE_ASSOC;
  pp.spp_flags = mtu ? SPP_PMTUD_DISABLE : SPP_PMTUD_ENABLE;
  // spp_pathmtu leaves out the IP and SCTP common headers; the stack adds its family's (at most IPv6's 40 + 12)
  pp.spp_pathmtu = mtu ? mtu - 52 : 0;
  return usrsctp_setsockopt(so, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, sizeof pp);
}

/**
 * An association peeled off `listener`, with `up`, the listener's COMM_UP notification for it, which the association's
 * own events then begin with (as an accepted one's would).
 */
static void configure_accepted(napi_env env, batch *b, entry *listener, struct socket *so, const uint8_t *up, size_t up_len) {
  usrsctp_set_non_blocking(so, 1);
  entry *c = add_entry(env, so);
  if (!c) {
    usrsctp_close(so);
    event_errno(b, listener->id, ENOMEM);
    return;
  }
  sock_opts none;
  memset(&none, 0, sizeof none);
  const char *failed = NULL;
  apply_opts(so, &none, &failed); // the subscriptions (inherited in practice; set again to be sure)
  // Its paths have the listener's default MTU (lo's, set_future_mtu): peeled off a one-to-many listener, nothing
  // reset them (service_listener; the path-mtu test of test/sdk/net/sctp/userland.test.ts checks it).
  usrsctp_set_upcall(so, upcall, (void *)(uintptr_t)c->id);
  srcaddr_inherit(listener->id, c->id);
  portfilter_inherit(listener->id, c->id);
  napi_value o = event(b, "accept", listener->id);
  set_u32(env, o, "child", c->id);
  event_notification(b, c->id, up, up_len);
  c->mark = epoch;
  service(env, b, c); // what arrived before the upcall was set
}

/** One message or notification (or part of one) of the socket into rbuf: its length, 0 at the end, -1 (errno). */
static ssize_t read_one(entry *e, struct sctp_rcvinfo *rcv, unsigned int *infotype, int *flags) {
  socklen_t infolen = sizeof *rcv;
  struct sockaddr_storage from;
  socklen_t fromlen = sizeof from;
  memset(rcv, 0, sizeof *rcv);
  *infotype = 0;
  *flags = 0;
  return usrsctp_recvv(e->so, rbuf, sizeof rbuf, (struct sockaddr *)&from, &fromlen, rcv, &infolen, infotype, flags);
}

/** ABORT one association of a one-to-many listener (one it could not peel off). */
static void abort_on_listener(entry *e, sctp_assoc_t assoc) {
  struct sctp_sndinfo snd;
  memset(&snd, 0, sizeof snd);
  snd.snd_flags = SCTP_ABORT;
  snd.snd_assoc_id = assoc;
  usrsctp_sendv(e->so, NULL, 0, NULL, 0, &snd, sizeof snd, SCTP_SENDV_SNDINFO, 0);
}

/**
 * A one-to-many listener: each association that comes up (its COMM_UP, the first thing it queues on the listener) is
 * peeled off into a one-to-one socket of its own, which takes along what the peer sent after it. Why not a one-to-one
 * listener and accept: on one of those, usrsctp 0.9.5 lowers every accepted association's smallest MTU to 1,500 bytes
 * for good (docs/plugins/sigtran.md "The path MTU to this host"), so its Nagle rule sends a packet per 1,500 bytes.
 * Nothing but notifications is expected here; anything else (an association that could not be peeled off) is
 * aborted.
 */
static void service_listener(napi_env env, batch *b, entry *e) {
  for (;;) {
    struct sctp_rcvinfo rcv;
    unsigned int infotype;
    int flags;
    ssize_t n = read_one(e, &rcv, &infotype, &flags);
    if (n <= 0) return;
    if (!(flags & MSG_NOTIFICATION)) {
      if (infotype == SCTP_RECVV_RCVINFO) abort_on_listener(e, rcv.rcv_assoc_id);
      continue;
    }
    const union sctp_notification *nt = (const union sctp_notification *)rbuf;
    if ((size_t)n < sizeof nt->sn_assoc_change || nt->sn_header.sn_type != SCTP_ASSOC_CHANGE) continue;
    const struct sctp_assoc_change *ac = &nt->sn_assoc_change;
    if (ac->sac_state != SCTP_COMM_UP && ac->sac_state != SCTP_RESTART) continue;
    struct socket *so = usrsctp_peeloff(e->so, ac->sac_assoc_id);
    if (so) configure_accepted(env, b, e, so, rbuf, (size_t)n);
    else abort_on_listener(e, ac->sac_assoc_id);
  }
}

static void service(napi_env env, batch *b, entry *e) {
  if (e->listening) return service_listener(env, b, e);
  int budget = READ_BUDGET;
  while (!e->eof) {
    if (budget-- == 0) {
      mark_dirty(e->id); // more to read: come back after the others
      break;
    }
    struct sctp_rcvinfo rcv;
    unsigned int infotype;
    int flags;
    ssize_t n = read_one(e, &rcv, &infotype, &flags);
    if (n < 0) {
      if (errno == EWOULDBLOCK || errno == EAGAIN) break;
      e->eof = true;
      event_errno(b, e->id, errno);
      break;
    }
    if (n == 0) {
      e->eof = true;
      event(b, "eof", e->id);
      break;
    }
    if (flags & MSG_NOTIFICATION) {
      if (!e->ntf.len && (flags & MSG_EOR)) event_notification(b, e->id, rbuf, (size_t)n);
      else if (bytes_add(&e->ntf, rbuf, (size_t)n) && (flags & MSG_EOR)) {
        event_notification(b, e->id, e->ntf.p, e->ntf.len);
        e->ntf.len = 0;
      }
      continue;
    }
    bool info = infotype == SCTP_RECVV_RCVINFO;
    uint16_t sid = info ? rcv.rcv_sid : 0;
    uint32_t ppid = info ? rcv.rcv_ppid : 0;
    bool unordered = info && (rcv.rcv_flags & SCTP_UNORDERED);
    if (!e->msg.len && (flags & MSG_EOR)) event_data(b, e->id, rbuf, (size_t)n, sid, ppid, unordered);
    else if (!bytes_add(&e->msg, rbuf, (size_t)n)) {
      e->msg.len = 0;
      event_errno(b, e->id, ENOMEM);
    } else if (flags & MSG_EOR) {
      event_data(b, e->id, e->msg.p, e->msg.len, sid, ppid, unordered);
      e->msg.len = 0;
    }
  }
  if (e->want_write && (usrsctp_get_events(e->so) & SCTP_EVENT_WRITE)) {
    e->want_write = false;
    event(b, "writable", e->id);
  }
}

static void drain(napi_env env, napi_value js_cb, void *context, void *data) {
  (void)context;
  (void)data;
  if (!env || atomic_load(&closing)) return;
  pthread_mutex_lock(&mu);
  uint32_t *list = dirty;
  size_t n = dirty_len, cap = dirty_cap;
  dirty = spare;
  dirty_cap = spare_cap;
  dirty_len = 0;
  spare = list;
  spare_cap = cap;
  signalled = false;
  pthread_mutex_unlock(&mu);
  batch b;
  batch_open(&b, env);
  b.packed = &packed;
  epoch++;
  for (size_t i = 0; i < n; i++) {
    entry *e = lookup(list[i]);
    if (!e || e->mark == epoch) continue;
    e->mark = epoch;
    service(env, &b, e);
  }
  flush_packed(&b);
  if (packed.cap > (1u << 20)) bytes_free(&packed); // a burst of large messages: do not keep its memory
  if (b.n == 0) return;
  napi_value undefined;
  napi_get_undefined(env, &undefined);
  napi_call_function(env, undefined, js_cb, 1, &b.list, NULL);
}

// ---- exported functions ----------------------------------------------------------------------------------------------

static napi_value get_entry_arg(napi_env env, napi_callback_info info, size_t want, napi_value *argv, entry **out) {
  size_t argc = want;
  uint32_t id;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 || !arg_u32(env, argv[0], &id)) {
    return throw_msg(env, "EINVAL", "expected a socket id");
  }
  *out = lookup(id);
  if (!*out) return throw_msg(env, "EBADF", "the SCTP socket is closed");
  napi_value t;
  napi_get_boolean(env, true, &t);
  return t;
}

static napi_value str_value(napi_env env, const char *text) {
  napi_value v;
  napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &v);
  return v;
}

/**
 * The kernel queues every SCTP packet for usrsctp's receive thread on one raw socket, whose buffer is the host's
 * default (net.core.rmem_default, 208 KB here): a few of the 32 KB packets of a burst over lo (localmtu.h), after
 * which the kernel drops them and the peer retransmits (a fast retransmit halves its congestion window; a lost last
 * packet waits for RTO.Min). Asked for RAW_RECEIVE_BUFFER, beyond net.core.rmem_max where allowed (CAP_NET_ADMIN,
 * as root), else up to it.
 */
static void raise_raw_buffer(int fd) {
  int size = RAW_RECEIVE_BUFFER;
  if (fd < 0) return;
  if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size) != 0) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
}

/** stats()' rawReceiveBuffer: the raw socket's buffer as the kernel reports it (twice what was set: its overhead). */
static uint32_t raw_buffer(void) {
  int size = 0;
  socklen_t len = sizeof size;
  int fd = portfilter_raw_socket();
  return fd >= 0 && getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, &len) == 0 ? (uint32_t)size : 0;
}

/** init(onEvents) → undefined, or why the stack sees every SCTP packet of the host (portfilter.h). */
static napi_value js_init(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value cb;
  if (napi_get_cb_info(env, info, &argc, &cb, NULL, NULL) != napi_ok || argc < 1) return throw_msg(env, "EINVAL", "init(callback)");
  if (inited) {
    if (env != the_env) return throw_msg(env, "EBUSY", "the userland SCTP stack is in use by another thread of this process");
    return NULL;
  }
  // usrsctp would start without raw sockets and then silently never receive: check the permission first.
  int fd = socket(AF_INET, SOCK_RAW, IPPROTO_SCTP);
  if (fd < 0) return throw_errno(env, "cannot open a raw IP socket for SCTP (protocol 132; needs CAP_NET_RAW)", errno);
  close(fd);
  napi_value name;
  napi_create_string_utf8(env, "sctp-userland", NAPI_AUTO_LENGTH, &name);
  CHECK(napi_create_threadsafe_function(env, cb, NULL, name, 0, 1, NULL, NULL, NULL, drain, &tsfn));
  CHECK(napi_unref_threadsafe_function(env, tsfn));
  usrsctp_init(0, NULL, NULL);
  // Several userland stacks on one host each see every SCTP packet (raw sockets): never answer a packet for an
  // association we do not know with an ABORT, or we would tear down our neighbours' associations (RFC 4960 §8.4
  // asks for one; docs/plugins/sigtran.md explains the choice).
  usrsctp_sysctl_set_sctp_blackhole(2);
  // Checksums on loopback too: captures then show valid CRC32c, and we verify what we receive.
  usrsctp_sysctl_set_sctp_no_csum_on_loopback(0);
  usrsctp_sysctl_set_sctp_ecn_enable(0);
  // usrsctp lets an association hold at most 512 DATA chunks, sent but not acknowledged or not yet sent, and refuses
  // more (EWOULDBLOCK) whatever room the send buffer has: at most 512 messages in flight, where a load run keeps
  // thousands of small TCAP messages on the way (each its own chunk). The send buffer (4 MB, options.ts) still
  // bounds the bytes; this bounds the chunks' own memory (a small chunk sits in a 2 KB cluster: ~36 MB at most).
  usrsctp_sysctl_set_sctp_max_chunks_on_queue(MAX_CHUNKS_ON_QUEUE);
  // not filtered (portfilter.h): the stack drops what is not its own, at a cost
  port_filter_problem = portfilter_install();
  raise_raw_buffer(portfilter_raw_socket());
  inited = true;
  the_env = env;
  return port_filter_problem ? str_value(env, port_filter_problem) : NULL;
}

static napi_value js_socket(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  uint32_t family = 4;
  if (!inited) return throw_msg(env, "EINVAL", "init() first");
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 || !arg_u32(env, argv[0], &family)) {
    return throw_msg(env, "EINVAL", "socket(family, options)");
  }
  sock_opts o;
  read_opts(env, argc > 1 ? argv[1] : NULL, &o);
  // a socket that will listen is made one-to-many (service_listener says why)
  bool listener = argc > 1 && opt_bool(env, argv[1], "listener");
  struct socket *so = usrsctp_socket(family == 6 ? AF_INET6 : AF_INET, listener ? SOCK_SEQPACKET : SOCK_STREAM, IPPROTO_SCTP, NULL, NULL, 0, NULL);
  if (!so) return throw_errno(env, "usrsctp_socket", errno);
  if (family == 6) {
    int off = 0;
    usrsctp_setsockopt(so, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
  }
  usrsctp_set_non_blocking(so, 1);
  const char *failed = "";
  int err = apply_opts(so, &o, &failed);
  if (err) {
    usrsctp_close(so);
    char what[64];
    snprintf(what, sizeof what, "setsockopt(%s)", failed);
    return throw_errno(env, what, err);
  }
  entry *e = add_entry(env, so);
  if (!e) {
    usrsctp_close(so);
    return throw_errno(env, "socket table", ENOMEM);
  }
  e->family = family == 6 ? AF_INET6 : AF_INET;
  e->one_to_many = listener;
  usrsctp_set_upcall(so, upcall, (void *)(uintptr_t)e->id);
  napi_value id;
  napi_create_uint32(env, e->id, &id);
  return id;
}

/** Tell srcaddr.c the addresses (and port) the socket is bound to now, and portfilter.c its port. */
static void record_bound(entry *e) {
  struct sockaddr *addrs = NULL;
  int n = usrsctp_getladdrs(e->so, 0, &addrs);
  srcaddr_forget(e->id);
  uint16_t port = 0;
  if (n > 0) {
    srcaddr_bound(e->id, addrs, n);
    // every address of one socket has its port
    port = ntohs(addrs->sa_family == AF_INET6 ? ((struct sockaddr_in6 *)addrs)->sin6_port : ((struct sockaddr_in *)addrs)->sin_port);
    usrsctp_freeladdrs(addrs);
  }
  portfilter_add(e->id, port);
}

/** Bind to the wildcard address of the socket's family. */
static int bind_any(entry *e, uint16_t port) {
  struct sockaddr_storage any;
  socklen_t len = parse_addr(e->family == AF_INET6 ? "::" : "0.0.0.0", port, &any);
  return usrsctp_bind(e->so, (struct sockaddr *)&any, len);
}

/** The MTU of the socket's associations to come (0: the stack's own). */
static void set_future_mtu(entry *e, uint32_t mtu) {
  if (!mtu && !e->local_mtu) return;
  if (future_mtu_opt(e->so, mtu) == 0) e->local_mtu = mtu != 0;
}

static napi_value addr_op(napi_env env, napi_callback_info info, int connecting) {
  napi_value argv[3];
  entry *e;
  if (!get_entry_arg(env, info, 3, argv, &e)) return NULL;
  uint32_t port = 0;
  if (!arg_u32(env, argv[2], &port) || port > 65535) return throw_msg(env, "EINVAL", "bad port");
  uint8_t packed[16 * sizeof(struct sockaddr_in6)];
  int family;
  int n = read_addr_list(env, argv[1], (uint16_t)port, packed, sizeof packed, &family);
  if (n < 0) return NULL;
  if (connecting) {
    if (n == 0) return throw_msg(env, "EINVAL", "no peer address");
    // Bound before the INIT leaves, as the connect would bind it (every address, a free port): the port filter must
    // know the port before the INIT ACK comes back.
    if (!e->bound) {
      if (bind_any(e, 0) < 0) return throw_errno(env, "bind", errno);
      e->bound = true;
      record_bound(e);
    }
    set_future_mtu(e, local_path_mtu(packed, n, true));
    if (usrsctp_connectx(e->so, (struct sockaddr *)packed, n, NULL) < 0 && errno != EINPROGRESS) return throw_errno(env, "connect", errno);
    return NULL;
  }
  if (n == 0) { // the wildcard address of the socket's family
    if (bind_any(e, (uint16_t)port) < 0) return throw_errno(env, "bind", errno);
  } else if (usrsctp_bindx(e->so, (struct sockaddr *)packed, n, SCTP_BINDX_ADD_ADDR) < 0) {
    return throw_errno(env, "bind", errno);
  } else {
    set_future_mtu(e, local_path_mtu(packed, n, false));
  }
  e->bound = true;
  record_bound(e);
  return NULL;
}

static napi_value js_bind(napi_env env, napi_callback_info info) {
  return addr_op(env, info, 0);
}

static napi_value js_connect(napi_env env, napi_callback_info info) {
  return addr_op(env, info, 1);
}

static napi_value js_listen(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  entry *e;
  if (!get_entry_arg(env, info, 2, argv, &e)) return NULL;
  uint32_t backlog = 128;
  arg_u32(env, argv[1], &backlog);
  if (!e->one_to_many) return throw_msg(env, "EINVAL", "listen: a listening socket is made by socket(family, { listener: true })");
  if (usrsctp_listen(e->so, (int)backlog) < 0) return throw_errno(env, "listen", errno);
  e->listening = true;
  return NULL;
}

/**
 * Cork: while JavaScript hands over the messages of one batch, all but the last carry flag 2 ("more follows"). For
 * those SCTP_NODELAY is off, so that with data in flight the stack holds them (Nagle); the last goes in with it on
 * again, and the stack sends what it holds bundled in as few packets as its MTU allows: one packet for many messages
 * instead of one each (fewer sendmsg calls, and fewer packets for the peer's stack to read, checksum and SACK).
 */
static void set_corked(entry *e, bool on) {
  if (e->corked == on) return;
  int nodelay = on ? 0 : 1;
  usrsctp_setsockopt(e->so, IPPROTO_SCTP, SCTP_NODELAY, &nodelay, sizeof nodelay);
  e->corked = on;
}

/**
 * send(id, data, stream, ppid, flags) → true (queued in the stack), false (send buffer full: wait for "writable").
 * flags: 1 unordered, 2 more messages follow at once (set_corked).
 */
static napi_value js_send(napi_env env, napi_callback_info info) {
  napi_value argv[5];
  entry *e;
  if (!get_entry_arg(env, info, 5, argv, &e)) return NULL;
  void *data = NULL;
  size_t len = 0;
  uint32_t sid = 0, ppid = 0, flags = 0;
  if (napi_get_buffer_info(env, argv[1], &data, &len) != napi_ok || !arg_u32(env, argv[2], &sid) || !arg_u32(env, argv[3], &ppid)) {
    return throw_msg(env, "EINVAL", "send(id, buffer, stream, ppid, flags)");
  }
  arg_u32(env, argv[4], &flags);
  struct sctp_sndinfo snd;
  memset(&snd, 0, sizeof snd);
  snd.snd_sid = (uint16_t)sid;
  snd.snd_ppid = htonl(ppid);
  snd.snd_flags = (flags & 1) ? SCTP_UNORDERED : 0;
  set_corked(e, (flags & 2) != 0);
  napi_value r;
  if (usrsctp_sendv(e->so, data, len, NULL, 0, &snd, sizeof snd, SCTP_SENDV_SNDINFO, 0) < 0) {
    int err = errno;
    // what the stack holds leaves with the SACKs of the data in flight (Nagle held it only with data in flight)
    set_corked(e, false);
    errno = err;
    if (errno == EWOULDBLOCK || errno == EAGAIN) {
      e->want_write = true;
      mark_dirty(e->id); // space may have come free between the failed send and now
      napi_get_boolean(env, false, &r);
      return r;
    }
    return throw_errno(env, "send", errno);
  }
  napi_get_boolean(env, true, &r);
  return r;
}

/** Graceful SHUTDOWN once the queued data is acknowledged; the association ends with an "eof" event. */
static napi_value js_shutdown(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  if (usrsctp_shutdown(e->so, SHUT_WR) < 0 && errno != ENOTCONN) return throw_errno(env, "shutdown", errno);
  return NULL;
}

/** ABORT the association (with an optional upper-layer reason, RFC 4960 cause 12) and close the socket. */
static napi_value js_abort(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  entry *e;
  if (!get_entry_arg(env, info, 2, argv, &e)) return NULL;
  void *data = NULL;
  size_t len = 0;
  napi_valuetype t;
  if (napi_typeof(env, argv[1], &t) == napi_ok && t == napi_object) napi_get_buffer_info(env, argv[1], &data, &len);
  struct sctp_sndinfo snd;
  memset(&snd, 0, sizeof snd);
  snd.snd_flags = SCTP_ABORT;
  if (!e->listening) usrsctp_sendv(e->so, len ? data : NULL, len, NULL, 0, &snd, sizeof snd, SCTP_SENDV_SNDINFO, 0);
  usrsctp_set_upcall(e->so, NULL, NULL);
  usrsctp_close(e->so);
  remove_entry(env, e);
  return NULL;
}

/** Close the socket: a connected association finishes its graceful SHUTDOWN inside the stack. */
static napi_value js_close(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  usrsctp_set_upcall(e->so, NULL, NULL);
  usrsctp_close(e->so);
  remove_entry(env, e);
  return NULL;
}

static napi_value addrs_of(napi_env env, napi_callback_info info, int peer) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  struct sockaddr *addrs = NULL;
  int n = peer ? usrsctp_getpaddrs(e->so, 0, &addrs) : usrsctp_getladdrs(e->so, 0, &addrs);
  napi_value v = addr_list_value(env, addrs, n > 0 ? n : 0);
  if (n > 0) {
    if (peer) usrsctp_freepaddrs(addrs);
    else usrsctp_freeladdrs(addrs);
  }
  return v;
}

static napi_value js_local_addresses(napi_env env, napi_callback_info info) {
  return addrs_of(env, info, 0);
}

static napi_value js_peer_addresses(napi_env env, napi_callback_info info) {
  return addrs_of(env, info, 1);
}

/** status(id) → { state, inStreams, outStreams, rwnd, unacked, pending, primary, paths: [...] }. */
static napi_value js_status(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  napi_value st = status_value(env, e->so);
  if (!st) return NULL;
  struct sockaddr *addrs = NULL;
  int n = usrsctp_getpaddrs(e->so, 0, &addrs);
  napi_value paths;
  napi_create_array(env, &paths);
  const uint8_t *p = (const uint8_t *)addrs;
  for (int i = 0; i < n; i++) {
    const struct sockaddr *sa = (const struct sockaddr *)p;
    napi_set_element(env, paths, (uint32_t)i, path_value(env, e->so, sa));
    p += sa_len(sa);
  }
  if (n > 0) usrsctp_freepaddrs(addrs);
  napi_set_named_property(env, st, "paths", paths);
  return st;
}

/**
 * stats() → { receivedPackets, rawReceiveBuffer }: the SCTP packets the stack has read, the raw socket's receive
 * buffer in bytes (the tests read them).
 */
static napi_value js_stats(napi_env env, napi_callback_info info) {
  (void)info;
  struct sctpstat st;
  memset(&st, 0, sizeof st);
  usrsctp_get_stat(&st);
  napi_value o;
  napi_create_object(env, &o);
  set_u32(env, o, "receivedPackets", st.sctps_recvpackets);
  set_u32(env, o, "rawReceiveBuffer", raw_buffer());
  return o;
}

static void cleanup(void *arg) {
  (void)arg;
  atomic_store(&closing, true);
  if (inited) napi_release_threadsafe_function(tsfn, napi_tsfn_abort);
}

/** Why each path's packets may not leave with that path's source address (NULL: they do; srcaddr.h). */
static const char *source_problem;
static pthread_once_t source_once = PTHREAD_ONCE_INIT;

static void install_source_fix(void) {
  source_problem = srcaddr_install();
}

static napi_value init_module(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    { "init", NULL, js_init, NULL, NULL, NULL, napi_default, NULL },
    { "socket", NULL, js_socket, NULL, NULL, NULL, napi_default, NULL },
    { "bind", NULL, js_bind, NULL, NULL, NULL, napi_default, NULL },
    { "listen", NULL, js_listen, NULL, NULL, NULL, napi_default, NULL },
    { "connect", NULL, js_connect, NULL, NULL, NULL, napi_default, NULL },
    { "send", NULL, js_send, NULL, NULL, NULL, napi_default, NULL },
    { "shutdown", NULL, js_shutdown, NULL, NULL, NULL, napi_default, NULL },
    { "abort", NULL, js_abort, NULL, NULL, NULL, napi_default, NULL },
    { "close", NULL, js_close, NULL, NULL, NULL, napi_default, NULL },
    { "localAddresses", NULL, js_local_addresses, NULL, NULL, NULL, napi_default, NULL },
    { "peerAddresses", NULL, js_peer_addresses, NULL, NULL, NULL, napi_default, NULL },
    { "status", NULL, js_status, NULL, NULL, NULL, napi_default, NULL },
    { "stats", NULL, js_stats, NULL, NULL, NULL, napi_default, NULL },
  };
  napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
  set_str(env, exports, "backend", "userland");
  // before usrsctp_init starts the threads that send
  pthread_once(&source_once, install_source_fix);
  if (source_problem) set_str(env, exports, "sourceAddressProblem", source_problem);
  napi_add_env_cleanup_hook(env, cleanup, NULL);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init_module)
