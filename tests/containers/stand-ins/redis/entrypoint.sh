#!/bin/sh
# As the official image: redis-server reachable from the other containers (no protected mode).
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --protected-mode no --bind '* -::*' "$@"
fi
exec "$@"
