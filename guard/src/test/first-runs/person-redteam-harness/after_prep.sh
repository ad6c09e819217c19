#!/bin/bash
# The fixture homes of issue 75's red teams for an after-run (not a first run).
#   after_prep.sh prep     keeps the homes as the first runs left them (a tar), then names the build
#                          under test (/tmp/snap2) where the first runs' `gateway setup` named theirs
#   after_prep.sh restore  puts them back as they were
set -euo pipefail
state=/tmp/after-fixtures-first-run-state.tar
case "${1:-}" in
  prep)
    tar -C /tmp -cf "$state" redteam/home redteam2/home redteam/project/.github
    grep -rlIZ -e /tmp/snap1/ -e /tmp/baseline/ /tmp/redteam2/home /tmp/redteam/home \
        /tmp/redteam/project/.github \
      | while IFS= read -r -d '' file; do
          case "$file" in */logs/*) continue ;; esac
          sed -i -e 's#/tmp/snap1/#/tmp/snap2/#g' -e 's#/tmp/baseline/#/tmp/snap2/#g' "$file"
          echo "renamed in $file"
        done
    ;;
  restore)
    rm -rf /tmp/redteam/home /tmp/redteam2/home /tmp/redteam/project/.github
    tar -C /tmp -xf "$state"
    ;;
  *)
    echo "usage: after_prep.sh prep|restore" >&2
    exit 2
    ;;
esac
