// SCTP of the Linux kernel (lksctp) for Node.js: one-to-one non-blocking sockets watched by libuv (uv_poll on
// the JavaScript thread), multi-homing through sctp_bindx/sctp_connectx, messages with their stream and PPID
// (RFC 6458 SCTP_SNDINFO / SCTP_RCVINFO), and the association and path notifications as events. The same
// JavaScript-side interface as userland.c. Every JavaScript thread that loads the addon (the main thread, each
// worker_threads worker) has a state of its own: its sockets, its event loop, its callback, its read buffer; a
// socket is polled on the loop of the thread that made it and its events go to that thread's callback.
#define _GNU_SOURCE
#include <netinet/in.h>
#include <netinet/sctp.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <uv.h>

#define SSFE_FIELD(f) ssf_##f
#define SOCK_T int
#define SOCK_SETOPT(s, l, n, v, len) setsockopt(s, l, n, v, len)
#define SOCK_GETOPT(s, l, n, v, len) getsockopt(s, l, n, v, len)
#include "common.h"

#define READ_BUDGET 512

struct entry;

/** One JavaScript thread's state (N-API instance data of its env). */
typedef struct thread_state {
  struct entry *entries;
  uint32_t next_id;
  napi_env env;
  napi_ref callback;
  napi_async_context async_ctx;
  uv_loop_t *loop;
  bool inited;
  uint8_t rbuf[1 << 16];
} thread_state;

typedef struct entry {
  int fd;
  uint32_t id;
  bool listening, want_write, eof;
  int family;
  uv_poll_t *poll;
  bytes msg, ntf;
  thread_state *st;
  struct entry *next;
} entry;

static entry *lookup(thread_state *st, uint32_t id) {
  for (entry *e = st->entries; e; e = e->next)
    if (e->id == id) return e;
  return NULL;
}

static void on_poll(uv_poll_t *h, int status, int events);

static void update_poll(entry *e) {
  int ev = UV_READABLE | (e->want_write ? UV_WRITABLE : 0);
  uv_poll_start(e->poll, ev, on_poll);
}

static entry *add_entry(thread_state *st, int fd) {
  entry *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->poll = calloc(1, sizeof *e->poll);
  if (!e->poll || uv_poll_init(st->loop, e->poll, fd) != 0) {
    free(e->poll);
    free(e);
    return NULL;
  }
  e->fd = fd;
  e->id = st->next_id++;
  e->st = st;
  e->poll->data = e;
  e->next = st->entries;
  st->entries = e;
  update_poll(e);
  return e;
}

static void free_poll(uv_handle_t *h) {
  free(h);
}

static void remove_entry(entry *e) {
  for (entry **p = &e->st->entries; *p; p = &(*p)->next) {
    if (*p == e) {
      *p = e->next;
      break;
    }
  }
  uv_poll_stop(e->poll);
  e->poll->data = NULL;
  uv_close((uv_handle_t *)e->poll, free_poll);
  close(e->fd);
  bytes_free(&e->msg);
  bytes_free(&e->ntf);
  free(e);
}

// ---- reading (libuv calls on_poll on the JavaScript thread) ---------------------------------------------------------

static void service(batch *b, entry *e);

static void service_listener(batch *b, entry *e) {
  for (;;) {
    int fd = accept4(e->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != ECONNABORTED) event_errno(b, e->id, errno);
      if (errno == ECONNABORTED) continue;
      return;
    }
    entry *c = add_entry(e->st, fd);
    if (!c) {
      close(fd);
      event_errno(b, e->id, ENOMEM);
      continue;
    }
    sock_opts none;
    memset(&none, 0, sizeof none);
    const char *failed = NULL;
    apply_opts(fd, &none, &failed);
    napi_value o = event(b, "accept", e->id);
    set_u32(b->env, o, "child", c->id);
    service(b, c);
  }
}

static void service(batch *b, entry *e) {
  if (e->listening) {
    service_listener(b, e);
    return;
  }
  for (int budget = READ_BUDGET; !e->eof && budget > 0; budget--) {
    char cbuf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
    uint8_t *rbuf = e->st->rbuf;
    struct iovec iov = { rbuf, sizeof e->st->rbuf };
    struct msghdr mh;
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &iov;
    mh.msg_iovlen = 1;
    mh.msg_control = cbuf;
    mh.msg_controllen = sizeof cbuf;
    ssize_t n = recvmsg(e->fd, &mh, 0);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) break;
      e->eof = true;
      event_errno(b, e->id, errno);
      break;
    }
    if (n == 0) {
      e->eof = true;
      event(b, "eof", e->id);
      break;
    }
    if (mh.msg_flags & MSG_NOTIFICATION) {
      if (!e->ntf.len && (mh.msg_flags & MSG_EOR)) event_notification(b, e->id, rbuf, (size_t)n);
      else if (bytes_add(&e->ntf, rbuf, (size_t)n) && (mh.msg_flags & MSG_EOR)) {
        event_notification(b, e->id, e->ntf.p, e->ntf.len);
        e->ntf.len = 0;
      }
      continue;
    }
    struct sctp_rcvinfo rcv;
    memset(&rcv, 0, sizeof rcv);
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
      if (c->cmsg_level == IPPROTO_SCTP && c->cmsg_type == SCTP_RCVINFO) memcpy(&rcv, CMSG_DATA(c), sizeof rcv);
    }
    bool unordered = (rcv.rcv_flags & SCTP_UNORDERED) != 0;
    if (!e->msg.len && (mh.msg_flags & MSG_EOR)) event_data(b, e->id, rbuf, (size_t)n, rcv.rcv_sid, rcv.rcv_ppid, unordered);
    else if (!bytes_add(&e->msg, rbuf, (size_t)n)) {
      e->msg.len = 0;
      event_errno(b, e->id, ENOMEM);
    } else if (mh.msg_flags & MSG_EOR) {
      event_data(b, e->id, e->msg.p, e->msg.len, rcv.rcv_sid, rcv.rcv_ppid, unordered);
      e->msg.len = 0;
    }
  }
}

static void on_poll(uv_poll_t *h, int status, int events) {
  entry *e = h->data;
  if (!e) return;
  thread_state *st = e->st;
  napi_env env = st->env;
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  batch b;
  batch_open(&b, env);
  uint32_t id = e->id;
  if (status < 0) {
    // libuv reports EPOLLERR as UV_EBADF and stops polling, without reading: the socket holds a pending error (the
    // peer's ABORT: ECONNRESET; an INIT answered by ABORT: ECONNREFUSED) and, before it, the notifications that
    // say why (COMM_LOST / CANT_STR_ASSOC with the ABORT chunk). Read those, then report the socket's own error.
    if (!e->listening) service(&b, e);
    e = lookup(st, id);
    if (e && !e->eof) {
      int err = 0;
      socklen_t len = sizeof err;
      if (getsockopt(e->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0 || !err) err = -status;
      e->eof = true;
      event_errno(&b, id, err);
    }
  } else {
    if (events & UV_READABLE) service(&b, e);
    e = lookup(st, id);
    if (e && (events & UV_WRITABLE) && e->want_write) {
      e->want_write = false;
      update_poll(e);
      event(&b, "writable", id);
    }
    // a socket at its end stops being polled (level-triggered readiness would spin), until JS closes it
    if (e && e->eof) uv_poll_stop(e->poll);
  }
  if (b.n) {
    napi_value cb, recv;
    napi_get_reference_value(env, st->callback, &cb);
    napi_get_global(env, &recv); // napi_make_callback wants an object as `this`
    napi_make_callback(env, st->async_ctx, recv, cb, 1, &b.list, NULL);
  }
  napi_close_handle_scope(env, scope);
}

// ---- exported functions ----------------------------------------------------------------------------------------------

static napi_value get_entry_arg(napi_env env, napi_callback_info info, size_t want, napi_value *argv, entry **out) {
  size_t argc = want;
  uint32_t id;
  thread_state *st;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, (void **)&st) != napi_ok || argc < 1 || !arg_u32(env, argv[0], &id)) {
    return throw_msg(env, "EINVAL", "expected a socket id");
  }
  *out = lookup(st, id);
  if (!*out) return throw_msg(env, "EBADF", "the SCTP socket is closed");
  napi_value t;
  napi_get_boolean(env, true, &t);
  return t;
}

static napi_value js_init(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value cb;
  thread_state *st;
  if (napi_get_cb_info(env, info, &argc, &cb, NULL, (void **)&st) != napi_ok || argc < 1) return throw_msg(env, "EINVAL", "init(callback)");
  if (st->inited) return NULL;
  int fd = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP);
  if (fd < 0) return throw_errno(env, "the kernel offers no SCTP socket (socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP))", errno);
  close(fd);
  CHECK(napi_get_uv_event_loop(env, &st->loop));
  CHECK(napi_create_reference(env, cb, 1, &st->callback));
  napi_value name;
  napi_create_string_utf8(env, "sctp-kernel", NAPI_AUTO_LENGTH, &name);
  CHECK(napi_async_init(env, NULL, name, &st->async_ctx));
  st->env = env;
  st->inited = true;
  return NULL;
}

static napi_value js_socket(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  uint32_t family = 4;
  thread_state *st;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, (void **)&st) != napi_ok || argc < 1 || !arg_u32(env, argv[0], &family)) {
    return throw_msg(env, "EINVAL", "socket(family, options)");
  }
  if (!st->inited) return throw_msg(env, "EINVAL", "init() first");
  sock_opts o;
  read_opts(env, argc > 1 ? argv[1] : NULL, &o);
  int fd = socket(family == 6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_SCTP);
  if (fd < 0) return throw_errno(env, "socket", errno);
  if (family == 6) {
    int off = 0;
    setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
  }
  const char *failed = "";
  int err = apply_opts(fd, &o, &failed);
  if (err) {
    close(fd);
    char what[64];
    snprintf(what, sizeof what, "setsockopt(%s)", failed);
    return throw_errno(env, what, err);
  }
  entry *e = add_entry(st, fd);
  if (!e) {
    close(fd);
    return throw_errno(env, "socket table", ENOMEM);
  }
  e->family = family == 6 ? AF_INET6 : AF_INET;
  napi_value id;
  napi_create_uint32(env, e->id, &id);
  return id;
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
    sctp_assoc_t aid;
    if (sctp_connectx(e->fd, (struct sockaddr *)packed, n, &aid) < 0 && errno != EINPROGRESS) return throw_errno(env, "connect", errno);
    return NULL;
  }
  if (n == 0) { // the wildcard address of the socket's family
    struct sockaddr_storage any;
    socklen_t len = parse_addr(e->family == AF_INET6 ? "::" : "0.0.0.0", (uint16_t)port, &any);
    if (bind(e->fd, (struct sockaddr *)&any, len) < 0) return throw_errno(env, "bind", errno);
    return NULL;
  }
  if (sctp_bindx(e->fd, (struct sockaddr *)packed, n, SCTP_BINDX_ADD_ADDR) < 0) return throw_errno(env, "bind", errno);
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
  if (listen(e->fd, (int)backlog) < 0) return throw_errno(env, "listen", errno);
  e->listening = true;
  return NULL;
}

static ssize_t send_info(int fd, const void *data, size_t len, uint16_t sid, uint32_t ppid, uint16_t flags) {
  char cbuf[CMSG_SPACE(sizeof(struct sctp_sndinfo))];
  memset(cbuf, 0, sizeof cbuf);
  struct iovec iov = { (void *)data, len };
  struct msghdr mh;
  memset(&mh, 0, sizeof mh);
  mh.msg_iov = &iov;
  mh.msg_iovlen = 1;
  mh.msg_control = cbuf;
  mh.msg_controllen = sizeof cbuf;
  struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
  c->cmsg_level = IPPROTO_SCTP;
  c->cmsg_type = SCTP_SNDINFO;
  c->cmsg_len = CMSG_LEN(sizeof(struct sctp_sndinfo));
  struct sctp_sndinfo snd;
  memset(&snd, 0, sizeof snd);
  snd.snd_sid = sid;
  snd.snd_ppid = htonl(ppid);
  snd.snd_flags = flags;
  memcpy(CMSG_DATA(c), &snd, sizeof snd);
  return sendmsg(fd, &mh, MSG_NOSIGNAL);
}

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
  napi_value r;
  if (send_info(e->fd, data, len, (uint16_t)sid, ppid, (flags & 1) ? SCTP_UNORDERED : 0) < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      if (!e->want_write) {
        e->want_write = true;
        update_poll(e);
      }
      napi_get_boolean(env, false, &r);
      return r;
    }
    return throw_errno(env, "send", errno);
  }
  napi_get_boolean(env, true, &r);
  return r;
}

static napi_value js_shutdown(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  if (shutdown(e->fd, SHUT_WR) < 0 && errno != ENOTCONN) return throw_errno(env, "shutdown", errno);
  return NULL;
}

static napi_value js_abort(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  entry *e;
  if (!get_entry_arg(env, info, 2, argv, &e)) return NULL;
  void *data = NULL;
  size_t len = 0;
  napi_valuetype t;
  if (napi_typeof(env, argv[1], &t) == napi_ok && t == napi_object) napi_get_buffer_info(env, argv[1], &data, &len);
  if (!e->listening && send_info(e->fd, len ? data : NULL, len, 0, 0, SCTP_ABORT) < 0) {
    struct linger l = { 1, 0 }; // close() then sends the ABORT
    setsockopt(e->fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
  }
  remove_entry(e);
  return NULL;
}

static napi_value js_close(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  remove_entry(e);
  return NULL;
}

static napi_value addrs_of(napi_env env, napi_callback_info info, int peer) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  struct sockaddr *addrs = NULL;
  int n = peer ? sctp_getpaddrs(e->fd, 0, &addrs) : sctp_getladdrs(e->fd, 0, &addrs);
  napi_value v = addr_list_value(env, addrs, n > 0 ? n : 0);
  if (n > 0) {
    if (peer) sctp_freepaddrs(addrs);
    else sctp_freeladdrs(addrs);
  }
  return v;
}

static napi_value js_local_addresses(napi_env env, napi_callback_info info) {
  return addrs_of(env, info, 0);
}

static napi_value js_peer_addresses(napi_env env, napi_callback_info info) {
  return addrs_of(env, info, 1);
}

static napi_value js_status(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  entry *e;
  if (!get_entry_arg(env, info, 1, argv, &e)) return NULL;
  napi_value st = status_value(env, e->fd);
  if (!st) return NULL;
  struct sockaddr *addrs = NULL;
  int n = sctp_getpaddrs(e->fd, 0, &addrs);
  napi_value paths;
  napi_create_array(env, &paths);
  const uint8_t *p = (const uint8_t *)addrs;
  for (int i = 0; i < n; i++) {
    const struct sockaddr *sa = (const struct sockaddr *)p;
    napi_set_element(env, paths, (uint32_t)i, path_value(env, e->fd, sa));
    p += sa_len(sa);
  }
  if (n > 0) sctp_freepaddrs(addrs);
  napi_set_named_property(env, st, "paths", paths);
  return st;
}

/** The thread's env is going away (its worker ended, or the process exits): close its sockets, free its state. */
static void cleanup(void *arg) {
  thread_state *st = arg;
  while (st->entries) remove_entry(st->entries);
  free(st); // its reference and async context die with the env

}

static napi_value init_module(napi_env env, napi_value exports) {
  thread_state *st = calloc(1, sizeof *st);
  if (!st) return throw_errno(env, "the SCTP addon's state", ENOMEM);
  st->next_id = 1;
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
  };
  for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) props[i].data = st;
  napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
  set_str(env, exports, "backend", "kernel");
  napi_add_env_cleanup_hook(env, cleanup, st);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init_module)
