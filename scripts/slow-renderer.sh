#!/bin/sh
# Chromium starts each renderer through this script (--renderer-cmd-prefix; see slow-chromium.mjs):
# the renderer joins a CPU cgroup of its own under TANDEM_RENDERER_CGROUP, capped at
# TANDEM_RENDERER_QUOTA microseconds of CPU per TANDEM_RENDERER_PERIOD, then becomes the renderer.
# A cgroup that cannot be set up fails the renderer (a crashed page), never an unthrottled one.
set -eu
dir="$TANDEM_RENDERER_CGROUP/r$$"
mkdir "$dir"
if [ -e "$dir/cpu.max" ]; then
  echo "$TANDEM_RENDERER_QUOTA $TANDEM_RENDERER_PERIOD" > "$dir/cpu.max"
else
  echo "$TANDEM_RENDERER_PERIOD" > "$dir/cpu.cfs_period_us"
  echo "$TANDEM_RENDERER_QUOTA" > "$dir/cpu.cfs_quota_us"
fi
echo $$ > "$dir/cgroup.procs"
exec "$@"
