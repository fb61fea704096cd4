// The path MTU of an association whose peer is this host (localmtu.h says why).
#define _GNU_SOURCE
#include "localmtu.h"
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static bool is_loopback(const struct sockaddr *sa) {
  if (sa->sa_family == AF_INET) return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
  if (sa->sa_family == AF_INET6) {
    const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
    if (IN6_IS_ADDR_LOOPBACK(a)) return true;
    // ::ffff:127.x.y.z
    return IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127;
  }
  return false;
}

static bool same_host_addr(const struct sockaddr *a, const struct sockaddr *b) {
  if (!a || !b || a->sa_family != b->sa_family) return false;
  if (a->sa_family == AF_INET) return ((const struct sockaddr_in *)a)->sin_addr.s_addr == ((const struct sockaddr_in *)b)->sin_addr.s_addr;
  if (a->sa_family == AF_INET6) return !memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr, &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr));
  return false;
}

static size_t packed_len(const struct sockaddr *sa) {
  return sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
}

uint32_t local_path_mtu(const uint8_t *packed, int n, bool host_addrs) {
  if (n <= 0) return 0;
  struct ifaddrs *list = NULL;
  if (getifaddrs(&list) < 0) return 0;
  const char *lo = NULL;
  for (struct ifaddrs *i = list; i && !lo; i = i->ifa_next) {
    if ((i->ifa_flags & IFF_LOOPBACK) && (i->ifa_flags & IFF_UP)) lo = i->ifa_name;
  }
  bool local = lo != NULL;
  const uint8_t *p = packed;
  for (int k = 0; k < n && local; k++) {
    const struct sockaddr *sa = (const struct sockaddr *)p;
    p += packed_len(sa);
    if (is_loopback(sa)) continue;
    if (!host_addrs) {
      local = false;
      break;
    }
    bool found = false;
    for (struct ifaddrs *i = list; i && !found; i = i->ifa_next) found = same_host_addr(sa, i->ifa_addr);
    local = found;
  }
  uint32_t mtu = 0;
  if (local) {
    struct ifreq req;
    memset(&req, 0, sizeof req);
    strncpy(req.ifr_name, lo, IFNAMSIZ - 1);
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd >= 0 && ioctl(fd, SIOCGIFMTU, &req) == 0 && req.ifr_mtu > 0) mtu = (uint32_t)req.ifr_mtu;
    if (fd >= 0) close(fd);
    if (mtu > LOCAL_MTU_MAX) mtu = LOCAL_MTU_MAX;
  }
  freeifaddrs(list);
  return mtu;
}
