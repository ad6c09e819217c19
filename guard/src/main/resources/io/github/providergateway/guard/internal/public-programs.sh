#!/bin/sh
# Writes public-programs.txt.gz beside this script: every file name under bin/, sbin/, usr/bin/
# and usr/sbin/ of Debian's packages (bookworm main, contrib and non-free; trixie and sid main), the
# names Debian's alternatives give, and a few public tools from outside Debian: the programs anyone
# may install (decision 262, TradeToolCommands). Run it again to bring the list up
# to date; it reads only deb.debian.org.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for part in bookworm/main bookworm/contrib bookworm/non-free trixie/main sid/main; do
  for arch in amd64 all; do
    curl -fsS -o "$tmp/c.gz" "http://deb.debian.org/debian/dists/$part/Contents-$arch.gz" || continue
    zcat "$tmp/c.gz" | grep -E '^(usr/)?s?bin/[^/ ]+[[:space:]]' | awk '{print $1}' \
      | sed 's#.*/##' >>"$tmp/names"
  done
done
# Names no package ships, which Debian's alternatives make (update-alternatives), and public tools
# installed from outside Debian that the rule book names (BACnet's stack, SaltStack, nbgrader).
for name in mpirun mpiexec mpicc mpicxx mpif90 mpifort editor pager nc netcat awk nawk vi vim \
  view ex rview rvim x-www-browser www-browser x-terminal-emulator iptables ip6tables \
  iptables-save iptables-restore ip6tables-save ip6tables-restore ebtables arptables traceroute \
  traceroute6 rename ftp telnet mailx mail lzma rsh rlogin rcp tclsh wish java javac jar jshell \
  keytool cc c++ c89 c99 lua luac pinentry open \
  bacrp bacrpm bacwp bacwpm bacwi bacwh bacepics bacrd bacts bacucov bacscov \
  salt salt-call salt-key salt-run salt-ssh salt-cp nbgrader; do
  echo "$name" >>"$tmp/names"
done
LC_ALL=C sort -u "$tmp/names" | gzip -9n >"$here/public-programs.txt.gz"
