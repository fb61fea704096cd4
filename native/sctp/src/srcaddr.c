// The source address of each IPv4 SCTP packet that usrsctp sends (srcaddr.h says why).
//
// Interposition: libusrsctp calls sendmsg() through its own GOT slot. A sendmsg defined in this addon would not
// be used (libc comes before us in libusrsctp's lookup scope), so at init the slot itself is pointed at
// fixed_sendmsg: found through dl_iterate_phdr, libusrsctp's dynamic section and its PLT/GOT relocations for
// "sendmsg", written after mprotect (Debian's libusrsctp is linked with full RELRO and BIND_NOW, so the slot
// already holds libc's sendmsg and is read-only).
//
// The rewrite: a packet on the raw SCTP socket whose IPv4 source is bound by the sending port (the SCTP source
// port names the endpoint) gets the address the kernel would choose for its destination (asked once per
// destination by connecting a UDP socket, kept a few seconds so that route changes are followed), if that
// address is bound by the same port; otherwise it leaves unchanged. The header is copied, never written in
// usrsctp's buffer. IPv6 needs nothing: usrsctp hands a raw IPv6 socket the packet without its IP header, so
// the kernel chooses the source by its routes.
#define _GNU_SOURCE
#include "srcaddr.h"
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__)
#define SLOT_RELOC(t) ((t) == R_X86_64_JUMP_SLOT || (t) == R_X86_64_GLOB_DAT)
#elif defined(__aarch64__)
#define SLOT_RELOC(t) ((t) == R_AARCH64_JUMP_SLOT || (t) == R_AARCH64_GLOB_DAT)
#endif

/** (port, address) pairs bound by our sockets; a few per socket, so a small table scanned linearly. */
#define MAX_BOUND 512
/** Destinations whose kernel-chosen source is remembered, and for how long. */
#define MAX_ROUTES 64
#define ROUTE_TTL_S 5
/** usrsctp hands sendmsg at most 32 mbufs (MAXLEN_MBUF_CHAIN); one more for the copied header. */
#define MAX_IOV 64

typedef struct {
  uint32_t owner;
  uint16_t port; // network order
  uint32_t addr; // network order
} bound_addr;

typedef struct {
  uint32_t dst, src; // network order; src 0: the kernel has no route
  time_t at;
} route;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static bound_addr bound[MAX_BOUND];
static size_t nbound;
static route routes[MAX_ROUTES];
static size_t nroutes, next_route;
static atomic_int raw_fd = -1;

// ---- the table of bound addresses ---------------------------------------------------------------------------------

void srcaddr_bound(uint32_t owner, const struct sockaddr *addrs, int n) {
  const uint8_t *p = (const uint8_t *)addrs;
  pthread_mutex_lock(&mu);
  for (int i = 0; i < n; i++) {
    const struct sockaddr *sa = (const struct sockaddr *)p;
    if (sa->sa_family == AF_INET) {
      const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
      if (nbound < MAX_BOUND) bound[nbound++] = (bound_addr){ owner, in->sin_port, in->sin_addr.s_addr };
      p += sizeof(struct sockaddr_in);
    } else if (sa->sa_family == AF_INET6) {
      p += sizeof(struct sockaddr_in6);
    } else {
      break;
    }
  }
  pthread_mutex_unlock(&mu);
}

void srcaddr_inherit(uint32_t from, uint32_t to) {
  pthread_mutex_lock(&mu);
  size_t n = nbound;
  for (size_t i = 0; i < n && nbound < MAX_BOUND; i++) {
    if (bound[i].owner == from) bound[nbound++] = (bound_addr){ to, bound[i].port, bound[i].addr };
  }
  pthread_mutex_unlock(&mu);
}

void srcaddr_forget(uint32_t owner) {
  pthread_mutex_lock(&mu);
  size_t j = 0;
  for (size_t i = 0; i < nbound; i++) {
    if (bound[i].owner != owner) bound[j++] = bound[i];
  }
  nbound = j;
  pthread_mutex_unlock(&mu);
}

/** With mu held. */
static bool is_bound(uint16_t port, uint32_t addr) {
  for (size_t i = 0; i < nbound; i++) {
    if (bound[i].port == port && bound[i].addr == addr) return true;
  }
  return false;
}

// ---- the kernel's choice of source -----------------------------------------------------------------------------

/** The source the kernel would use towards dst (0: none), by connecting a UDP socket (no packet is sent). */
static uint32_t ask_kernel(uint32_t dst) {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return 0;
  struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(9), .sin_addr = { dst } };
  struct sockaddr_in me;
  socklen_t len = sizeof me;
  uint32_t src = 0;
  if (connect(fd, (struct sockaddr *)&to, sizeof to) == 0 && getsockname(fd, (struct sockaddr *)&me, &len) == 0) src = me.sin_addr.s_addr;
  close(fd);
  return src;
}

/** With mu held: the kernel's source for dst, from the cache when fresh. */
static uint32_t kernel_source(uint32_t dst) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  for (size_t i = 0; i < nroutes; i++) {
    if (routes[i].dst != dst) continue;
    if (now.tv_sec - routes[i].at < ROUTE_TTL_S) return routes[i].src;
    uint32_t src = ask_kernel(dst);
    // no route now (its link is down): keep the last known answer, the packet is not going anywhere anyway
    if (src) routes[i].src = src;
    routes[i].at = now.tv_sec;
    return routes[i].src;
  }
  route r = { dst, ask_kernel(dst), now.tv_sec };
  if (nroutes < MAX_ROUTES) routes[nroutes++] = r;
  else routes[next_route++ % MAX_ROUTES] = r;
  return r.src;
}

/** The source this packet should have instead of src, or 0 to leave it. */
static uint32_t better_source(uint16_t port, uint32_t src, uint32_t dst) {
  uint32_t out = 0;
  pthread_mutex_lock(&mu);
  if (is_bound(port, src)) {
    uint32_t k = kernel_source(dst);
    if (k && k != src && is_bound(port, k)) out = k;
  }
  pthread_mutex_unlock(&mu);
  return out;
}

// ---- the interposed sendmsg ----------------------------------------------------------------------------------------

/** Is fd a raw IPv4 socket for SCTP (usrsctp's)? Remembered once seen. */
static bool is_raw_sctp(int fd) {
  if (fd == atomic_load(&raw_fd)) return true;
  int type = 0, proto = 0;
  socklen_t l1 = sizeof type, l2 = sizeof proto;
  if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &l1) < 0 || getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &l2) < 0) return false;
  if (type != SOCK_RAW || proto != IPPROTO_SCTP) return false;
  atomic_store(&raw_fd, fd);
  return true;
}

static uint16_t ip_checksum(const uint8_t *h, size_t len) {
  uint32_t sum = 0;
  for (size_t i = 0; i + 1 < len; i += 2) sum += (uint32_t)(h[i] << 8 | h[i + 1]);
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return htons((uint16_t)~sum);
}

static ssize_t fixed_sendmsg(int fd, const struct msghdr *msg, int flags) {
  const struct sockaddr_in *to = msg->msg_name;
  if (!to || msg->msg_namelen < sizeof *to || to->sin_family != AF_INET || msg->msg_iovlen < 1 || msg->msg_iovlen >= MAX_IOV) return sendmsg(fd, msg, flags);
  const uint8_t *h = msg->msg_iov[0].iov_base;
  size_t len = msg->msg_iov[0].iov_len;
  size_t ihl = len ? (size_t)(h[0] & 15) * 4 : 0;
  // an IPv4 header with the SCTP source port after it, in the first buffer (usrsctp puts both there)
  if (len < 20 || h[0] >> 4 != 4 || ihl < 20 || len < ihl + 2 || h[9] != IPPROTO_SCTP || !is_raw_sctp(fd)) return sendmsg(fd, msg, flags);
  uint32_t src, dst;
  uint16_t port;
  memcpy(&src, h + 12, 4);
  memcpy(&dst, h + 16, 4);
  memcpy(&port, h + ihl, 2);
  uint32_t better = better_source(port, src, dst);
  if (!better) return sendmsg(fd, msg, flags);
  uint8_t hdr[60];
  memcpy(hdr, h, ihl);
  memcpy(hdr + 12, &better, 4);
  hdr[10] = hdr[11] = 0;
  uint16_t sum = ip_checksum(hdr, ihl);
  memcpy(hdr + 10, &sum, 2);
  struct iovec iov[MAX_IOV + 1];
  size_t n = 0;
  iov[n++] = (struct iovec){ hdr, ihl };
  if (len > ihl) iov[n++] = (struct iovec){ (uint8_t *)h + ihl, len - ihl };
  for (size_t i = 1; i < msg->msg_iovlen; i++) iov[n++] = msg->msg_iov[i];
  struct msghdr m = *msg;
  m.msg_iov = iov;
  m.msg_iovlen = n;
  return sendmsg(fd, &m, flags);
}

// ---- installing it in libusrsctp's GOT ----------------------------------------------------------------------------
#ifdef SLOT_RELOC

typedef struct {
  const char *error;
  int slots;
} install_result;

/** A dynamic-section address: relocated by the loader on most targets, an offset from the base on others. */
static uintptr_t at(uintptr_t base, ElfW(Addr) p) {
  return p < base ? base + p : p;
}

static bool in_relro(const struct dl_phdr_info *info, uintptr_t addr) {
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_GNU_RELRO && addr >= start && addr < start + ph->p_memsz) return true;
  }
  return false;
}

static bool patch_slot(const struct dl_phdr_info *info, void **slot) {
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
  bool relro = in_relro(info, (uintptr_t)slot);
  if (relro && mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) return false;
  __atomic_store_n(slot, (void *)fixed_sendmsg, __ATOMIC_SEQ_CST);
  // read-only again, unless the page holds writable data beyond the RELRO segment too
  if (relro && in_relro(info, start) && in_relro(info, start + (uintptr_t)page - 1)) mprotect((void *)start, (size_t)page, PROT_READ);
  return true;
}

/** Point every GOT slot of `sendmsg` among these relocations at fixed_sendmsg; the number patched (-1: failed). */
static int patch_relocs(const struct dl_phdr_info *info, const ElfW(Rela) *r, size_t size, const ElfW(Sym) *syms, const char *strs) {
  int n = 0;
  for (size_t i = 0; i < size / sizeof *r; i++) {
    const ElfW(Sym) *s = &syms[ELF64_R_SYM(r[i].r_info)];
    if (!SLOT_RELOC(ELF64_R_TYPE(r[i].r_info)) || strcmp(strs + s->st_name, "sendmsg") != 0) continue;
    if (!patch_slot(info, (void **)(info->dlpi_addr + r[i].r_offset))) return -1;
    n++;
  }
  return n;
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  install_result *res = data;
  if (!info->dlpi_name || !strstr(info->dlpi_name, "libusrsctp")) return 0;
  const ElfW(Dyn) *dyn = NULL;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) dyn = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
  }
  if (!dyn) return res->error = "libusrsctp has no dynamic section", 1;
  uintptr_t base = info->dlpi_addr, jmprel = 0, rela = 0, symtab = 0, strtab = 0;
  size_t jmpsz = 0, relasz = 0;
  for (; dyn->d_tag != DT_NULL; dyn++) {
    switch (dyn->d_tag) {
      case DT_JMPREL: jmprel = at(base, dyn->d_un.d_ptr); break;
      case DT_PLTRELSZ: jmpsz = dyn->d_un.d_val; break;
      case DT_RELA: rela = at(base, dyn->d_un.d_ptr); break;
      case DT_RELASZ: relasz = dyn->d_un.d_val; break;
      case DT_SYMTAB: symtab = at(base, dyn->d_un.d_ptr); break;
      case DT_STRTAB: strtab = at(base, dyn->d_un.d_ptr); break;
      case DT_PLTREL: if (dyn->d_un.d_val != DT_RELA) return res->error = "libusrsctp's PLT relocations are not RELA", 1; break;
    }
  }
  if (!symtab || !strtab) return res->error = "libusrsctp has no symbol table", 1;
  const ElfW(Sym) *syms = (const ElfW(Sym) *)symtab;
  const char *strs = (const char *)strtab;
  int a = jmprel ? patch_relocs(info, (const ElfW(Rela) *)jmprel, jmpsz, syms, strs) : 0;
  int b = a >= 0 && rela ? patch_relocs(info, (const ElfW(Rela) *)rela, relasz, syms, strs) : 0;
  if (a < 0 || b < 0) return res->error = "mprotect of libusrsctp's GOT failed", 1;
  res->slots = a + b;
  if (!res->slots) res->error = "libusrsctp does not call sendmsg through its GOT";
  return 1;
}
#endif

const char *srcaddr_install(void) {
#ifndef SLOT_RELOC
  return "not supported on this CPU architecture (x86-64 and arm64 only)";
#else
  install_result res = { "libusrsctp is not loaded as a shared library", 0 };
  dl_iterate_phdr(patch_object, &res);
  return res.slots ? NULL : res.error;
#endif
}
