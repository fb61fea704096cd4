# SCTP (sigtran M3UA and diameter over SCTP; docs/plugins/sigtran.md "SCTP"): the headers the native addons are
# built from at `npm ci` (libusrsctp-dev: the userland backend; libsctp-dev: the kernel backend, compiled here
# even though this kernel has no SCTP), a compiler for node-gyp, usrsctp's example servers (an SCTP peer we did
# not write), tshark for the live captures, nftables for the drop rules of the fault tests, unshare/ip for the
# network namespaces, and for the kernel backend's tests of the long tier User-Mode Linux (a Linux 6.1 kernel with
# SCTP as a plain process: test/helpers/uml.ts) with kmod's modprobe to load its modules. Sourced by .ci/run as root
# after apt-get update. Idempotent and quiet.
_sctp_pkgs=""
[ -e /usr/include/usrsctp.h ] || _sctp_pkgs="$_sctp_pkgs libusrsctp-dev"
[ -e /usr/include/netinet/sctp.h ] || _sctp_pkgs="$_sctp_pkgs libsctp-dev"
[ -x /usr/lib/usrsctp/echo_server ] || _sctp_pkgs="$_sctp_pkgs libusrsctp-examples"
command -v g++ >/dev/null || _sctp_pkgs="$_sctp_pkgs g++"
command -v make >/dev/null || _sctp_pkgs="$_sctp_pkgs make"
command -v python3 >/dev/null || _sctp_pkgs="$_sctp_pkgs python3"
command -v nft >/dev/null || _sctp_pkgs="$_sctp_pkgs nftables"
command -v unshare >/dev/null || _sctp_pkgs="$_sctp_pkgs util-linux"
command -v ip >/dev/null || _sctp_pkgs="$_sctp_pkgs iproute2"
command -v linux >/dev/null || _sctp_pkgs="$_sctp_pkgs user-mode-linux"
[ -x /usr/sbin/modprobe ] || _sctp_pkgs="$_sctp_pkgs kmod"
if ! command -v tshark >/dev/null; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  _sctp_pkgs="$_sctp_pkgs tshark"
fi
if [ -n "$_sctp_pkgs" ]; then
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $_sctp_pkgs >/dev/null
fi
unset _sctp_pkgs
