// Shared by both backends (userland.c over usrsctp, kernel.c over Linux lksctp): node-API helpers, the events
// handed to JavaScript, address conversion, and the translation of SCTP notifications (RFC 6458 §6.1). Both SCTP
// headers name the structures and constants the same way (the sockets API of RFC 6458), so this one source is
// compiled against whichever header the including file brought in.
#ifndef TESTER_SCTP_COMMON_H
#define TESTER_SCTP_COMMON_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAPI_VERSION 8
#include <node_api.h>

#define CHECK(call)                                                                              \
  do {                                                                                           \
    if ((call) != napi_ok) {                                                                     \
      napi_throw_error(env, "EINTERNAL", "node-API call failed: " #call);                         \
      return NULL;                                                                               \
    }                                                                                            \
  } while (0)

// ---- errors ----------------------------------------------------------------------------------------------------

static const char *errno_code(int e) {
  switch (e) {
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case EADDRINUSE: return "EADDRINUSE";
    case EADDRNOTAVAIL: return "EADDRNOTAVAIL";
    case EAFNOSUPPORT: return "EAFNOSUPPORT";
    case EPROTONOSUPPORT: return "EPROTONOSUPPORT";
    case ESOCKTNOSUPPORT: return "ESOCKTNOSUPPORT";
    case ECONNREFUSED: return "ECONNREFUSED";
    case ECONNRESET: return "ECONNRESET";
    case ECONNABORTED: return "ECONNABORTED";
    case ETIMEDOUT: return "ETIMEDOUT";
    case EINPROGRESS: return "EINPROGRESS";
    case EALREADY: return "EALREADY";
    case EISCONN: return "EISCONN";
    case ENOTCONN: return "ENOTCONN";
    case EPIPE: return "EPIPE";
    case EMSGSIZE: return "EMSGSIZE";
    case EINVAL: return "EINVAL";
    case ENOMEM: return "ENOMEM";
    case ENOBUFS: return "ENOBUFS";
    case EBADF: return "EBADF";
    case ENETUNREACH: return "ENETUNREACH";
    case EHOSTUNREACH: return "EHOSTUNREACH";
    case EAGAIN: return "EAGAIN";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case ENOPROTOOPT: return "ENOPROTOOPT";
    case ESHUTDOWN: return "ESHUTDOWN";
    default: return "EUNKNOWN";
  }
}

/** Throw an Error whose `code` is the errno name and whose message says what failed. Returns NULL. */
static napi_value throw_errno(napi_env env, const char *what, int e) {
  char msg[256];
  snprintf(msg, sizeof msg, "%s: %s (%s)", what, strerror(e), errno_code(e));
  napi_throw_error(env, errno_code(e), msg);
  return NULL;
}

static napi_value throw_msg(napi_env env, const char *code, const char *msg) {
  napi_throw_error(env, code, msg);
  return NULL;
}

// ---- argument helpers --------------------------------------------------------------------------------------------

static int arg_u32(napi_env env, napi_value v, uint32_t *out) {
  return napi_get_value_uint32(env, v, out) == napi_ok;
}

/** Read opts[name] as an unsigned integer into *out when present (returns 0 when absent). */
static int opt_u32(napi_env env, napi_value obj, const char *name, uint32_t *out) {
  bool has = false;
  napi_value v;
  napi_valuetype t;
  if (napi_has_named_property(env, obj, name, &has) != napi_ok || !has) return 0;
  if (napi_get_named_property(env, obj, name, &v) != napi_ok) return 0;
  if (napi_typeof(env, v, &t) != napi_ok || t != napi_number) return 0;
  return napi_get_value_uint32(env, v, out) == napi_ok;
}

/** opts[name] is true. */
static bool opt_bool(napi_env env, napi_value obj, const char *name) {
  bool has = false, v = false;
  napi_value x;
  napi_valuetype t;
  if (napi_has_named_property(env, obj, name, &has) != napi_ok || !has) return false;
  if (napi_get_named_property(env, obj, name, &x) != napi_ok || napi_typeof(env, x, &t) != napi_ok || t != napi_boolean) return false;
  return napi_get_value_bool(env, x, &v) == napi_ok && v;
}

// ---- addresses ---------------------------------------------------------------------------------------------------

/** Parse an IPv4 or IPv6 literal and port into a sockaddr; returns its length, 0 when not an address. */
static socklen_t parse_addr(const char *text, uint16_t port, struct sockaddr_storage *ss) {
  memset(ss, 0, sizeof *ss);
  struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
  struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
  if (inet_pton(AF_INET, text, &s4->sin_addr) == 1) {
    s4->sin_family = AF_INET;
    s4->sin_port = htons(port);
    return sizeof *s4;
  }
  if (inet_pton(AF_INET6, text, &s6->sin6_addr) == 1) {
    s6->sin6_family = AF_INET6;
    s6->sin6_port = htons(port);
    return sizeof *s6;
  }
  return 0;
}

/** Text of an address (without the port); "?" for other families. */
static void addr_text(const struct sockaddr *sa, char *out, size_t n, uint16_t *port) {
  if (sa->sa_family == AF_INET) {
    const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;
    inet_ntop(AF_INET, &s4->sin_addr, out, n);
    if (port) *port = ntohs(s4->sin_port);
  } else if (sa->sa_family == AF_INET6) {
    const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;
    inet_ntop(AF_INET6, &s6->sin6_addr, out, n);
    if (port) *port = ntohs(s6->sin6_port);
  } else {
    snprintf(out, n, "?");
    if (port) *port = 0;
  }
}

static size_t sa_len(const struct sockaddr *sa) {
  return sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
}

/**
 * Read a JS array of address strings into one packed buffer of sockaddrs (the layout sctp_bindx/sctp_connectx
 * take). Returns the count, or -1 after throwing.
 */
static int read_addr_list(napi_env env, napi_value arr, uint16_t port, uint8_t *packed, size_t cap, int *family) {
  uint32_t n = 0;
  bool is_array = false;
  if (napi_is_array(env, arr, &is_array) != napi_ok || !is_array || napi_get_array_length(env, arr, &n) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "addresses must be an array of IP address strings");
    return -1;
  }
  size_t off = 0;
  *family = AF_INET;
  for (uint32_t i = 0; i < n; i++) {
    napi_value v;
    char text[64];
    size_t len = 0;
    if (napi_get_element(env, arr, i, &v) != napi_ok || napi_get_value_string_utf8(env, v, text, sizeof text, &len) != napi_ok) {
      napi_throw_type_error(env, "EINVAL", "addresses must be an array of IP address strings");
      return -1;
    }
    struct sockaddr_storage ss;
    socklen_t sl = parse_addr(text, port, &ss);
    if (!sl) {
      char msg[128];
      snprintf(msg, sizeof msg, "'%s' is not an IPv4 or IPv6 address", text);
      napi_throw_type_error(env, "EINVAL", msg);
      return -1;
    }
    if (off + sl > cap) {
      napi_throw_range_error(env, "EINVAL", "too many addresses");
      return -1;
    }
    if (ss.ss_family == AF_INET6) *family = AF_INET6;
    memcpy(packed + off, &ss, sl);
    off += sl;
  }
  return (int)n;
}

/** A JS array of { address, port } from a packed list of `n` sockaddrs. */
static napi_value addr_list_value(napi_env env, const struct sockaddr *addrs, int n) {
  napi_value arr;
  napi_create_array_with_length(env, n > 0 ? (size_t)n : 0, &arr);
  const uint8_t *p = (const uint8_t *)addrs;
  for (int i = 0; i < n; i++) {
    const struct sockaddr *sa = (const struct sockaddr *)p;
    char text[INET6_ADDRSTRLEN];
    uint16_t port = 0;
    addr_text(sa, text, sizeof text, &port);
    napi_value o, a, pt;
    napi_create_object(env, &o);
    napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &a);
    napi_create_uint32(env, port, &pt);
    napi_set_named_property(env, o, "address", a);
    napi_set_named_property(env, o, "port", pt);
    napi_set_element(env, arr, (uint32_t)i, o);
    p += sa_len(sa);
  }
  return arr;
}

// ---- events handed to JavaScript -----------------------------------------------------------------------------------

/** Growable byte buffer for messages and notifications delivered in pieces (without MSG_EOR). */
typedef struct {
  uint8_t *p;
  size_t len, cap;
} bytes;

static int bytes_add(bytes *b, const void *data, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n) cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) return 0;
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->len, data, n);
  b->len += n;
  return 1;
}

static void bytes_free(bytes *b) {
  free(b->p);
  b->p = NULL;
  b->len = b->cap = 0;
}

/**
 * A batch of events: one JS array passed to the events callback. With `packed` set, data messages are not one event
 * object each but are appended to it (event_data), and go as one "messages" event before the next other event and
 * at the end (flush_packed): one JS object per batch instead of one per message with its five properties.
 */
typedef struct {
  napi_env env;
  napi_value list;
  uint32_t n;
  bytes *packed;
} batch;

static void batch_open(batch *b, napi_env env) {
  b->env = env;
  b->n = 0;
  b->packed = NULL;
  napi_create_array(env, &b->list);
}

static void set_str(napi_env env, napi_value o, const char *k, const char *v) {
  napi_value x;
  napi_create_string_utf8(env, v, NAPI_AUTO_LENGTH, &x);
  napi_set_named_property(env, o, k, x);
}

static void set_u32(napi_env env, napi_value o, const char *k, uint32_t v) {
  napi_value x;
  napi_create_uint32(env, v, &x);
  napi_set_named_property(env, o, k, x);
}

static void set_bool(napi_env env, napi_value o, const char *k, bool v) {
  napi_value x;
  napi_get_boolean(env, v, &x);
  napi_set_named_property(env, o, k, x);
}

static void set_bytes(napi_env env, napi_value o, const char *k, const void *data, size_t len) {
  napi_value x;
  void *copy;
  napi_create_buffer_copy(env, len, data, &copy, &x);
  napi_set_named_property(env, o, k, x);
}

static napi_value event_unpacked(batch *b, const char *type, uint32_t id) {
  napi_value o;
  napi_create_object(b->env, &o);
  set_str(b->env, o, "type", type);
  set_u32(b->env, o, "id", id);
  napi_set_element(b->env, b->list, b->n++, o);
  return o;
}

/** The packed messages as one { type: "messages", id: 0, data } event (its layout: event_data). */
static void flush_packed(batch *b) {
  if (!b->packed || !b->packed->len) return;
  napi_value o = event_unpacked(b, "messages", 0);
  set_bytes(b->env, o, "data", b->packed->p, b->packed->len);
  b->packed->len = 0;
}

/** Append { type, id } to the batch (after the messages packed before it) and return it for more fields. */
static napi_value event(batch *b, const char *type, uint32_t id) {
  flush_packed(b);
  return event_unpacked(b, type, id);
}

static void event_errno(batch *b, uint32_t id, int e) {
  napi_value o = event(b, "error", id);
  set_u32(b->env, o, "errno", (uint32_t)e);
  set_str(b->env, o, "code", errno_code(e));
  set_str(b->env, o, "message", strerror(e));
}

static void put_le(uint8_t *p, uint32_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/**
 * One message: a { type: "data", id, data, stream, ppid[, unordered] } event, or with b->packed appended there as
 * id (u32), stream (u16), flags (u16: 1 unordered), PPID (u32), length (u32), all little-endian, then the bytes,
 * padded to a multiple of 4 (sdk/net/sctp/native.ts reads it). A packing failure (memory) falls back to the event.
 */
static void event_data(batch *b, uint32_t id, const void *data, size_t len, uint16_t sid, uint32_t ppid_net, bool unordered) {
  static const uint8_t pad[4];
  if (b->packed && len <= UINT32_MAX) {
    uint8_t h[16];
    put_le(h, id, 4);
    put_le(h + 4, sid, 2);
    put_le(h + 6, unordered ? 1 : 0, 2);
    put_le(h + 8, ntohl(ppid_net), 4);
    put_le(h + 12, (uint32_t)len, 4);
    size_t mark = b->packed->len;
    if (bytes_add(b->packed, h, sizeof h) && bytes_add(b->packed, data, len) && bytes_add(b->packed, pad, (4 - (len & 3)) & 3)) return;
    b->packed->len = mark;
  }
  napi_value o = event(b, "data", id);
  set_bytes(b->env, o, "data", data, len);
  set_u32(b->env, o, "stream", sid);
  set_u32(b->env, o, "ppid", ntohl(ppid_net));
  if (unordered) set_bool(b->env, o, "unordered", true);
}

// ---- notifications (RFC 6458 §6.1) -------------------------------------------------------------------------------

static const char *assoc_state_name(unsigned s) {
  switch (s) {
    case SCTP_COMM_UP: return "comm-up";
    case SCTP_COMM_LOST: return "comm-lost";
    case SCTP_RESTART: return "restart";
    case SCTP_SHUTDOWN_COMP: return "shutdown-complete";
    case SCTP_CANT_STR_ASSOC: return "cant-start";
    default: return "unknown";
  }
}

static const char *paddr_state_name(unsigned s) {
  switch (s) {
    case SCTP_ADDR_AVAILABLE: return "available";
    case SCTP_ADDR_UNREACHABLE: return "unreachable";
    case SCTP_ADDR_REMOVED: return "removed";
    case SCTP_ADDR_ADDED: return "added";
    case SCTP_ADDR_MADE_PRIM: return "made-primary";
    case SCTP_ADDR_CONFIRMED: return "confirmed";
// The potentially-failed state (RFC 7829) where the headers have it: Linux names it SCTP_ADDR_PF, a macro for its
// enum member SCTP_ADDR_POTENTIALLY_FAILED (an enum member alone cannot be tested by #ifdef); usrsctp 0.9.5 has
// none. A header whose SCTP_ADDR_PF equals another state's value stops the build (duplicate case value).
#ifdef SCTP_ADDR_PF
    case SCTP_ADDR_PF: return "potentially-failed";
#endif
    default: return "unknown";
  }
}

#ifndef SSFE_FIELD
/** Field names of struct sctp_send_failed_event: RFC 6458 says ssfe_*, Linux says ssf_* (kernel.c redefines). */
#define SSFE_FIELD(f) ssfe_##f
#endif

/** Translate one complete notification into an event (unknown kinds are ignored). */
static void event_notification(batch *b, uint32_t id, const uint8_t *buf, size_t len) {
  const union sctp_notification *n = (const union sctp_notification *)buf;
  if (len < sizeof n->sn_header) return;
  napi_env env = b->env;
  switch (n->sn_header.sn_type) {
    case SCTP_ASSOC_CHANGE: {
      if (len < sizeof n->sn_assoc_change) return;
      const struct sctp_assoc_change *c = &n->sn_assoc_change;
      napi_value o = event(b, "assoc", id);
      set_str(env, o, "state", assoc_state_name(c->sac_state));
      set_u32(env, o, "error", c->sac_error);
      set_u32(env, o, "outStreams", c->sac_outbound_streams);
      set_u32(env, o, "inStreams", c->sac_inbound_streams);
      // Linux (and FreeBSD) append the peer's ABORT chunk to COMM_LOST / CANT_STR_ASSOC when the peer aborted.
      size_t info = c->sac_length > sizeof *c && c->sac_length <= len ? c->sac_length - sizeof *c : 0;
      if (info) set_bytes(env, o, "info", buf + sizeof *c, info);
      return;
    }
    case SCTP_PEER_ADDR_CHANGE: {
      if (len < sizeof n->sn_paddr_change) return;
      const struct sctp_paddr_change *c = &n->sn_paddr_change;
      char text[INET6_ADDRSTRLEN];
      addr_text((const struct sockaddr *)&c->spc_aaddr, text, sizeof text, NULL);
      napi_value o = event(b, "path", id);
      set_str(env, o, "address", text);
      set_str(env, o, "state", paddr_state_name((unsigned)c->spc_state));
      set_u32(env, o, "error", (uint32_t)c->spc_error);
      return;
    }
    case SCTP_SHUTDOWN_EVENT:
      event(b, "shutdown", id);
      return;
    case SCTP_REMOTE_ERROR: {
      if (len < sizeof n->sn_remote_error) return;
      napi_value o = event(b, "remote-error", id);
      set_u32(env, o, "cause", ntohs(n->sn_remote_error.sre_error));
      return;
    }
    case SCTP_SEND_FAILED_EVENT: {
      if (len < sizeof n->sn_send_failed_event) return;
      const struct sctp_send_failed_event *f = &n->sn_send_failed_event;
      napi_value o = event(b, "send-failed", id);
      set_u32(env, o, "error", f->SSFE_FIELD(error));
      set_u32(env, o, "stream", f->ssfe_info.snd_sid);
      set_u32(env, o, "ppid", ntohl(f->ssfe_info.snd_ppid));
      size_t data = f->SSFE_FIELD(length) > sizeof *f && f->SSFE_FIELD(length) <= len ? f->SSFE_FIELD(length) - sizeof *f : 0;
      set_u32(env, o, "bytes", (uint32_t)data);
      return;
    }
    default:
      return;
  }
}

/** The notifications both backends subscribe to. */
static const uint16_t SUBSCRIBED[] = { SCTP_ASSOC_CHANGE, SCTP_PEER_ADDR_CHANGE, SCTP_REMOTE_ERROR, SCTP_SHUTDOWN_EVENT, SCTP_SEND_FAILED_EVENT };

// ---- status ------------------------------------------------------------------------------------------------------

static const char *sstat_state_name(int s) {
  switch (s) {
    case SCTP_CLOSED: return "closed";
    case SCTP_COOKIE_WAIT: return "cookie-wait";
    case SCTP_COOKIE_ECHOED: return "cookie-echoed";
    case SCTP_ESTABLISHED: return "established";
    case SCTP_SHUTDOWN_PENDING: return "shutdown-pending";
    case SCTP_SHUTDOWN_SENT: return "shutdown-sent";
    case SCTP_SHUTDOWN_RECEIVED: return "shutdown-received";
    case SCTP_SHUTDOWN_ACK_SENT: return "shutdown-ack-sent";
    default: return "unknown";
  }
}

static const char *spinfo_state_name(int s) {
  switch (s) {
    case SCTP_ACTIVE: return "active";
    case SCTP_INACTIVE: return "inactive";
    case SCTP_UNCONFIRMED: return "unconfirmed";
// Linux: SCTP_POTENTIALLY_FAILED is the macro for its enum member SCTP_PF (see paddr_state_name); usrsctp: none.
#ifdef SCTP_POTENTIALLY_FAILED
    case SCTP_POTENTIALLY_FAILED: return "potentially-failed";
#endif
    default: return "unknown";
  }
}

/** { address, state, cwnd, srtt, rto, mtu } of one path. */
static napi_value paddrinfo_value(napi_env env, const struct sctp_paddrinfo *p) {
  napi_value o;
  char text[INET6_ADDRSTRLEN];
  addr_text((const struct sockaddr *)&p->spinfo_address, text, sizeof text, NULL);
  napi_create_object(env, &o);
  set_str(env, o, "address", text);
  set_str(env, o, "state", spinfo_state_name(p->spinfo_state));
  set_u32(env, o, "cwnd", p->spinfo_cwnd);
  set_u32(env, o, "srtt", p->spinfo_srtt);
  set_u32(env, o, "rto", p->spinfo_rto);
  set_u32(env, o, "mtu", p->spinfo_mtu);
  return o;
}

/** Socket options every association gets (values from JS; 0 or absent = the stack's default). */
typedef struct {
  uint32_t in_streams, out_streams, max_init_attempts, max_init_timeo;
  uint32_t rto_initial, rto_min, rto_max;
  uint32_t hb_interval, path_max_rxt, assoc_max_rxt;
  uint32_t sndbuf, rcvbuf;
  uint32_t hb_set;
} sock_opts;

static void read_opts(napi_env env, napi_value o, sock_opts *s) {
  memset(s, 0, sizeof *s);
  napi_valuetype t;
  if (!o || napi_typeof(env, o, &t) != napi_ok || t != napi_object) return;
  opt_u32(env, o, "inStreams", &s->in_streams);
  opt_u32(env, o, "outStreams", &s->out_streams);
  opt_u32(env, o, "maxInitAttempts", &s->max_init_attempts);
  opt_u32(env, o, "maxInitTimeoutMs", &s->max_init_timeo);
  opt_u32(env, o, "rtoInitialMs", &s->rto_initial);
  opt_u32(env, o, "rtoMinMs", &s->rto_min);
  opt_u32(env, o, "rtoMaxMs", &s->rto_max);
  s->hb_set = opt_u32(env, o, "heartbeatIntervalMs", &s->hb_interval);
  opt_u32(env, o, "pathMaxRetrans", &s->path_max_rxt);
  opt_u32(env, o, "assocMaxRetrans", &s->assoc_max_rxt);
  opt_u32(env, o, "sendBuffer", &s->sndbuf);
  opt_u32(env, o, "receiveBuffer", &s->rcvbuf);
}

// The including file defines SOCK_T (its socket handle type) and SOCK_SETOPT / SOCK_GETOPT (setsockopt and
// getsockopt for that handle), so the option and status code below is written once for both backends.

/** Apply the options; returns 0 or the errno of the first option the stack refused (and its name). */
static int apply_opts(SOCK_T s, const sock_opts *o, const char **failed) {
  int on = 1;
  for (size_t i = 0; i < sizeof SUBSCRIBED / sizeof SUBSCRIBED[0]; i++) {
    struct sctp_event ev;
    memset(&ev, 0, sizeof ev);
    ev.se_assoc_id = SCTP_FUTURE_ASSOC;
    ev.se_type = SUBSCRIBED[i];
    ev.se_on = 1;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof ev) < 0) return *failed = "SCTP_EVENT", errno;
  }
  if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on, sizeof on) < 0) return *failed = "SCTP_RECVRCVINFO", errno;
  if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof on) < 0) return *failed = "SCTP_NODELAY", errno;
  if (o->in_streams || o->out_streams || o->max_init_attempts || o->max_init_timeo) {
    struct sctp_initmsg im;
    memset(&im, 0, sizeof im);
    im.sinit_num_ostreams = (uint16_t)o->out_streams;
    im.sinit_max_instreams = (uint16_t)o->in_streams;
    im.sinit_max_attempts = (uint16_t)o->max_init_attempts;
    im.sinit_max_init_timeo = (uint16_t)o->max_init_timeo;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof im) < 0) return *failed = "SCTP_INITMSG", errno;
  }
  if (o->rto_initial || o->rto_min || o->rto_max) {
    struct sctp_rtoinfo r;
    memset(&r, 0, sizeof r);
    r.srto_assoc_id = SCTP_FUTURE_ASSOC;
    r.srto_initial = o->rto_initial;
    r.srto_min = o->rto_min;
    r.srto_max = o->rto_max;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_RTOINFO, &r, sizeof r) < 0) return *failed = "SCTP_RTOINFO", errno;
  }
  if (o->assoc_max_rxt) {
    struct sctp_assocparams a;
    memset(&a, 0, sizeof a);
    a.sasoc_assoc_id = SCTP_FUTURE_ASSOC;
    a.sasoc_asocmaxrxt = (uint16_t)o->assoc_max_rxt;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_ASSOCINFO, &a, sizeof a) < 0) return *failed = "SCTP_ASSOCINFO", errno;
  }
  if (o->hb_set || o->path_max_rxt) {
    struct sctp_paddrparams pp;
    memset(&pp, 0, sizeof pp);
    pp.spp_assoc_id = SCTP_FUTURE_ASSOC;
    if (o->hb_set) {
      pp.spp_hbinterval = o->hb_interval;
      pp.spp_flags |= o->hb_interval ? SPP_HB_ENABLE : SPP_HB_DISABLE;
    }
    pp.spp_pathmaxrxt = (uint16_t)o->path_max_rxt;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, sizeof pp) < 0) return *failed = "SCTP_PEER_ADDR_PARAMS", errno;
  }
#ifdef SCTP_EXPOSE_POTENTIALLY_FAILED_STATE
  {
    // Linux (5.8+) sends the SCTP_ADDR_PF path event only to sockets that ask (net.sctp.pf_expose unset, the
    // default, shows the state in SCTP_GET_PEER_ADDR_INFO but sends no event). 2 is SCTP_PF_EXPOSE_ENABLE of the
    // kernel's include/net/sctp/constants.h (not in the uapi headers). An older kernel than the headers refuses
    // the option (ENOPROTOOPT): its paths simply have no potentially-failed event.
    struct sctp_assoc_value pf;
    memset(&pf, 0, sizeof pf);
    pf.assoc_id = SCTP_FUTURE_ASSOC;
    pf.assoc_value = 2;
    if (SOCK_SETOPT(s, IPPROTO_SCTP, SCTP_EXPOSE_POTENTIALLY_FAILED_STATE, &pf, sizeof pf) < 0 && errno != ENOPROTOOPT) return *failed = "SCTP_EXPOSE_POTENTIALLY_FAILED_STATE", errno;
  }
#endif
  if (o->sndbuf && SOCK_SETOPT(s, SOL_SOCKET, SO_SNDBUF, &o->sndbuf, sizeof o->sndbuf) < 0) return *failed = "SO_SNDBUF", errno;
  if (o->rcvbuf && SOCK_SETOPT(s, SOL_SOCKET, SO_RCVBUF, &o->rcvbuf, sizeof o->rcvbuf) < 0) return *failed = "SO_RCVBUF", errno;
  return 0;
}

/** { state, inStreams, outStreams, rwnd, unacked, pending, fragmentationPoint, primary } of an association. */
static napi_value status_value(napi_env env, SOCK_T s) {
  struct sctp_status st;
  socklen_t len = sizeof st;
  memset(&st, 0, sizeof st);
  if (SOCK_GETOPT(s, IPPROTO_SCTP, SCTP_STATUS, &st, &len) < 0) return throw_errno(env, "getsockopt(SCTP_STATUS)", errno);
  napi_value o;
  napi_create_object(env, &o);
  set_str(env, o, "state", sstat_state_name(st.sstat_state));
  set_u32(env, o, "inStreams", st.sstat_instrms);
  set_u32(env, o, "outStreams", st.sstat_outstrms);
  set_u32(env, o, "rwnd", st.sstat_rwnd);
  set_u32(env, o, "unacked", st.sstat_unackdata);
  set_u32(env, o, "pending", st.sstat_penddata);
  set_u32(env, o, "fragmentationPoint", st.sstat_fragmentation_point);
  napi_set_named_property(env, o, "primary", paddrinfo_value(env, &st.sstat_primary));
  return o;
}

/** The state of each peer address (SCTP_GET_PEER_ADDR_INFO), for the paths of a multi-homed association. */
static napi_value path_value(napi_env env, SOCK_T s, const struct sockaddr *peer) {
  struct sctp_paddrinfo pi;
  socklen_t len = sizeof pi;
  memset(&pi, 0, sizeof pi);
  memcpy(&pi.spinfo_address, peer, sa_len(peer));
  if (SOCK_GETOPT(s, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, &pi, &len) < 0) {
    napi_value u;
    napi_get_undefined(env, &u);
    return u;
  }
  return paddrinfo_value(env, &pi);
}

#endif
