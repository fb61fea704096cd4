#!/bin/bash
# SIPp reference figures for bench/index.ts: the built-in uas and uac scenarios (INVITE/100/180/200/ACK/BYE/200,
# no call hold) on loopback inside a private network namespace (SIPp binds its control port on 0.0.0.0).
# usage: bench/sipp.sh TRANSPORT(u1|t1) SECS RATE...   prints one JSON line per rate.
set -u
if [ -z "${IN_NETNS:-}" ]; then
  exec unshare -n env IN_NETNS=1 bash -c 'ip link set lo up; exec "$0" "$@"' "$0" "$@"
fi
T=${1:-t1}; SECS=${2:-5}; shift 2
W=$(mktemp -d); cd "$W" || exit 1
HZ=$(getconf CLK_TCK)
for R in "$@"; do
  M=$((R * SECS))
  sipp -sn uas -t "$T" -i 127.0.0.1 -p 5060 -nostdin -max_socket 2000 > uas.out 2>&1 &
  UAS=$!
  sleep 0.5
  U0=$(awk '{print $14+$15}' /proc/$UAS/stat)
  /usr/bin/time -f '%U %S %e' -o uac.time sipp -sn uac 127.0.0.1:5060 -t "$T" -i 127.0.0.1 -p 5061 -nostdin \
    -r "$R" -m "$M" -l $((R * 2)) -timeout $((SECS + 40))s -trace_stat -stf stat.csv -fd 1 > uac.out 2>&1
  U1=$(awk '{print $14+$15}' /proc/$UAS/stat 2>/dev/null || echo "$U0")
  RSS_UAS=$(awk '/VmHWM/{print $2}' /proc/$UAS/status 2>/dev/null || echo 0)
  kill "$UAS" 2>/dev/null; for i in 1 2 3 4 5 6; do kill -0 "$UAS" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$UAS" 2>/dev/null; wait "$UAS" 2>/dev/null
  ACTIVE=$(awk -F';' 'NR>1 && $11>0 {n++} END{print n+0}' stat.csv)
  L=$(tail -1 stat.csv)
  CALLS=$(echo "$L" | cut -d';' -f12); OK=$(echo "$L" | cut -d';' -f16); BAD=$(echo "$L" | cut -d';' -f18)
  read -r UU US UE < <(tail -1 uac.time)
  awk -v r="$R" -v t="$T" -v c="$CALLS" -v ok="$OK" -v bad="$BAD" -v a="$ACTIVE" -v du="$((U1 - U0))" -v hz="$HZ" -v uu="$UU" -v us="$US" -v rss="$RSS_UAS" \
    'BEGIN{ if (a < 1) a = 1; printf "{\"transport\":\"%s\",\"target\":%d,\"calls\":%d,\"ok\":%d,\"failed\":%d,\"active_s\":%d,\"cps\":%.0f,\"cpu_uas_pct\":%.0f,\"cpu_uac_pct\":%.0f,\"rss_uas_kb\":%d}\n", t, r, c, ok, bad, a, ok/a, 100*du/hz/a, 100*(uu+us)/a, rss }'
done
cd /; rm -rf "$W"
