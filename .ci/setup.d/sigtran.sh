# sigtran tests decode every captured M3UA/SCCP/TCAP message with tshark (test/plugins/sigtran) and fail on any
# malformed packet or expert item. Sourced by .ci/run as root after apt-get update. Idempotent and quiet.
if ! command -v tshark >/dev/null 2>&1; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends tshark >/dev/null
fi
