# sigtran tests decode every captured M3UA/SCCP/TCAP message with tshark (test/plugins/sigtran) and fail on any
# malformed packet or expert item; the long tier's interop suite runs osmo-stp (Debian's STP/SG, M3UA and SUA over
# kernel SCTP, in the User-Mode Linux guest that .ci/setup.d/sctp.sh installs: test/plugins/sigtran/e2e/osmo-stp.long.test.ts).
# Sourced by .ci/run as root after apt-get update. Idempotent and quiet.
if ! command -v tshark >/dev/null 2>&1; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends tshark >/dev/null
fi
if ! command -v osmo-stp >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends osmo-stp >/dev/null
fi
