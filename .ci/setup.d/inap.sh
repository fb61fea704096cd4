# inap tests decode every operation argument and a captured prepaid call with tshark (test/plugins/inap) and fail
# on malformed packets or expert items. Sourced by .ci/run as root after apt-get update. Idempotent and quiet.
if ! command -v tshark >/dev/null 2>&1 || ! command -v text2pcap >/dev/null 2>&1; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends tshark >/dev/null
fi
