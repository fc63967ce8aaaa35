#!/bin/sh
# Lists the largest blobs in history and stale branches. Read-only.
set -eu
echo "Largest files in history:"
git rev-list --objects --all \
  | git cat-file --batch-check='%(objecttype) %(objectname) %(objectsize) %(rest)' \
  | awk '$1 == "blob" { print $3, $4 }' | sort -rn | head -10
echo
echo "Branches without commits in 90 days:"
git for-each-ref --sort=committerdate --format='%(committerdate:short) %(refname:short)' refs/heads \
  | awk -v cutoff="$(date -d '90 days ago' +%F 2>/dev/null || date -v-90d +%F)" '$1 < cutoff'
