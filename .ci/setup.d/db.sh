# PostgreSQL server binaries for the db plugin's interop tests (test/plugins/db): the tests start a throwaway
# cluster themselves (initdb as user postgres into a temp dir, 127.0.0.1 on a free port) and stop it.
# Sourced by .ci/run as root after apt-get update. Idempotent and quiet.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ! id postgres >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
# openssl makes the throwaway TLS certificate of the rest tests
if ! command -v openssl >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssl >/dev/null
fi
# tshark decodes the HTTP/SOAP message records of the rest and osd tests
if ! command -v tshark >/dev/null 2>&1; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tshark >/dev/null
fi
