# Diameter interop tests: freeDiameterd (the real peer), its dictionary extensions, the headers and gcc to build
# our answering extension (test/fixtures/diameter/), and tshark to decode captures. Sourced by .ci/run as root.
_diameter_pkgs=""
command -v freeDiameterd >/dev/null || _diameter_pkgs="$_diameter_pkgs freediameter freediameterd freediameter-extensions"
[ -e /usr/include/freeDiameter/extension.h ] || _diameter_pkgs="$_diameter_pkgs libfreediameter-dev"
command -v gcc >/dev/null || _diameter_pkgs="$_diameter_pkgs gcc libc6-dev"
if ! command -v tshark >/dev/null; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  _diameter_pkgs="$_diameter_pkgs tshark"
fi
command -v unshare >/dev/null || _diameter_pkgs="$_diameter_pkgs util-linux"
command -v ip >/dev/null || _diameter_pkgs="$_diameter_pkgs iproute2"
if [ -n "$_diameter_pkgs" ]; then
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $_diameter_pkgs >/dev/null
fi
unset _diameter_pkgs
