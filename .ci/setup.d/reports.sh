# Reports (cli/report/, cli/): xmllint checks the JUnit XML against its schema (test/fixtures/junit/junit.xsd);
# chromium renders the HTML report in the headless-browser test (driven by playwright-core, which never downloads
# a browser of its own). Sourced by .ci/run as root after apt-get update. Idempotent and quiet.
if ! command -v xmllint >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils >/dev/null
fi
if ! command -v chromium >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
