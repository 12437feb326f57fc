#!/usr/bin/env bash
# Builds, under the official names the repository's Dockerfile and compose.yaml use, stand-ins for
# the base images they need, for a Docker daemon that can reach no registry: a Debian minbase made
# here from the machine's own Debian mirror, then on it the host's Node (node:*) and Debian's
# PostgreSQL, Redis and HAProxy packages. A green compose run on them proves the compose wiring and
# the project's own images, not the upstream images. The base is kept once made (it changes only
# with the Debian suite); the others are rebuilt from Docker's layer cache every time.
#
#   build-stand-ins.sh [node] [services]     (both when none is named; as root, a daemon running)
#
# `node` is all the project's Dockerfile needs, so its build can start while `services` (postgres,
# redis, haproxy: what compose.yaml runs) are still being built, in parallel with each other.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
stand_ins="$(cd "$here/../stand-ins" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
. "$here/debian-mirror.sh"
suite=bookworm
base="local/stand-in-debian:$suite"
# The Docker CLI's own build (no buildx plugin needed); the stand-ins use no BuildKit feature.
export DOCKER_BUILDKIT=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wanted=("$@")
[ "${#wanted[@]}" -gt 0 ] || wanted=(node services)

say() { printf '[stand-ins %s] %s\n' "$(date +%T)" "$*"; }
have_image() { docker image inspect "$1" >/dev/null 2>&1; }
build() {
  docker build --quiet --tag "$1" "$2" >"$work/build-${1//[:\/]/-}.log" 2>&1 ||
    { grep -v -e DEPRECATED -e 'legacy builder' -e BuildKit "$work/build-${1//[:\/]/-}.log" >&2; echo "could not build $1" >&2; return 1; }
}

# The tag a file of the repository names for an image, e.g. `tag_in compose.yaml postgres`.
tag_in() {
  local tag
  tag="$(grep -oE "(image:|FROM)[[:space:]]+$2:[^[:space:]]+" "$repo/$1" | head -n 1 | awk '{ print $2 }')"
  [ -n "$tag" ] || { echo "no $2 image named in $1" >&2; return 1; }
  echo "$tag"
}

if ! have_image "$base"; then
  mirror="$(debian_mirror)"
  say "Debian $suite minbase from $mirror"
  # mmdebstrap (apt's parallel downloads) takes a fraction of debootstrap's time; either will do.
  if command -v mmdebstrap >/dev/null 2>&1; then
    mmdebstrap --variant=minbase --quiet "$suite" - "$mirror" | docker import - "$base" >/dev/null
  else
    debootstrap --variant=minbase "$suite" "$work/root" "$mirror" >"$work/debootstrap.log" ||
      { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
    tar -C "$work/root" -c . | docker import - "$base" >/dev/null
    rm -rf "$work/root"
  fi
fi

# node: the host's Node of the tag's major version, laid out as the official image lays it out.
build_node() {
  local tag node_bin prefix major version files
  tag="$(tag_in Dockerfile node)"
  node_bin="$(readlink -f "$(command -v node)")"
  prefix="$(dirname "$(dirname "$node_bin")")"
  major="$(node -p 'process.versions.node.split(".")[0]')"
  version="${tag#node:}"
  version="${version%%[!0-9]*}"
  [ "$major" = "$version" ] || { echo "$tag needs Node $version; this machine's node is $major" >&2; return 1; }
  [ -f "$prefix/include/node/node_version.h" ] || { echo "no Node headers in $prefix/include/node" >&2; return 1; }
  files="$work/node/files"
  mkdir -p "$files/usr/local/bin" "$files/usr/local/lib/node_modules" "$files/usr/local/include" "$files/etc/ssl/certs"
  cp "$stand_ins/node/Dockerfile" "$work/node/"
  cp "$node_bin" "$files/usr/local/bin/node"
  cp -a "$prefix/include/node" "$files/usr/local/include/"
  cp -a "$prefix/lib/node_modules/npm" "$prefix/lib/node_modules/corepack" "$files/usr/local/lib/node_modules/"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$files/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$files/usr/local/bin/npx"
  ln -s ../lib/node_modules/corepack/dist/corepack.js "$files/usr/local/bin/corepack"
  cp /etc/ssl/certs/ca-certificates.crt "$files/etc/ssl/certs/"
  say "building $tag"
  build "$tag" "$work/node"
}

build_services() {
  local pids=() image failed=0
  for image in postgres redis haproxy; do
    say "building $(tag_in compose.yaml "$image")"
    build "$(tag_in compose.yaml "$image")" "$stand_ins/$image" &
    pids+=("$!")
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return "$failed"
}

for part in "${wanted[@]}"; do
  case "$part" in
    node) build_node ;;
    services) build_services ;;
    *) echo "unknown stand-in set: $part (node, services)" >&2; exit 2 ;;
  esac
done
say "stand-ins ready: ${wanted[*]}"
