#!/bin/bash
# One SIPp step for bench/sipp.ts: the built-in uas and uac scenarios (INVITE/100/180/200/ACK/BYE/200, no call hold) on
# loopback inside a private network namespace (SIPp binds its control port on 0.0.0.0), the uac at RATE calls/s for
# RATE*SECS calls. Leaves SIPp's statistics file in OUTDIR/stat.csv and prints one JSON line: the uac's exit code, the
# CPU seconds of the uas (from /proc while the uac ran) and of the uac (/usr/bin/time), the uas's peak RSS.
# usage: bench/sipp.sh TRANSPORT(u1|t1) SECS RATE OUTDIR
set -u
if [ -z "${IN_NETNS:-}" ]; then
  exec unshare -n env IN_NETNS=1 bash -c 'ip link set lo up; exec "$0" "$@"' "$0" "$@"
fi
T=$1; SECS=$2; R=$3; W=$4
cd "$W" || exit 1
HZ=$(getconf CLK_TCK)
sipp -sn uas -t "$T" -i 127.0.0.1 -p 5060 -nostdin -max_socket 2000 > uas.out 2>&1 &
UAS=$!
sleep 0.5
U0=$(awk '{print $14+$15}' /proc/$UAS/stat)
/usr/bin/time -f '%U %S %e' -o uac.time sipp -sn uac 127.0.0.1:5060 -t "$T" -i 127.0.0.1 -p 5061 -nostdin \
  -r "$R" -m $((R * SECS)) -l $((R * 2)) -timeout $((SECS + 15))s -trace_stat -stf stat.csv -fd 1 > uac.out 2>&1
RC=$?
U1=$(awk '{print $14+$15}' /proc/$UAS/stat 2>/dev/null || echo "$U0")
RSS_UAS=$(awk '/VmHWM/{print $2}' /proc/$UAS/status 2>/dev/null || echo 0)
kill "$UAS" 2>/dev/null; for i in 1 2 3 4 5 6; do kill -0 "$UAS" 2>/dev/null || break; sleep 0.5; done
kill -9 "$UAS" 2>/dev/null; wait "$UAS" 2>/dev/null
read -r UU US UE < <(tail -1 uac.time)
awk -v rc="$RC" -v du="$((U1 - U0))" -v hz="$HZ" -v uu="$UU" -v us="$US" -v ue="$UE" -v rss="${RSS_UAS:-0}" \
  'BEGIN{ printf "{\"uac_exit\":%d,\"cpu_uas_s\":%.2f,\"cpu_uac_s\":%.2f,\"wall_uac_s\":%.2f,\"rss_uas_kb\":%d}\n", rc, du/hz, uu+us, ue, rss }'
