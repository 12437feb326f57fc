#!/usr/bin/env bash
# Builds, under the official names the repository's Dockerfile and compose.yaml use, stand-ins for
# the base images they need, for a Docker daemon that can reach no registry: a Debian minbase made
# here from the machine's own Debian mirror, then on it the host's Node (node:*), and Debian's
# PostgreSQL, Redis and HAProxy packages. A green compose run on them proves the compose wiring and
# the project's own images, not the upstream images. The base is kept between runs (it changes
# only with the Debian suite); the other images are rebuilt from Docker's layer cache each time.
#
#   tests/containers/stand-ins/build-stand-ins.sh        (as root, with a running Docker daemon)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
suite=bookworm
base="local/stand-in-debian:$suite"
# BuildKit would fetch a frontend image for some Dockerfiles; the classic builder needs nothing.
export DOCKER_BUILDKIT=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

say() { printf '[stand-ins %s] %s\n' "$(date +%T)" "$*"; }
have_image() { docker image inspect "$1" >/dev/null 2>&1; }

# The tag a file of the repository names for an image, e.g. `tag_in compose.yaml postgres`.
tag_in() {
  local tag
  tag="$(grep -oE "(image:|FROM)[[:space:]]+$2:[^[:space:]]+" "$repo/$1" | head -n 1 | awk '{ print $2 }')"
  [ -n "$tag" ] || { echo "no $2 image named in $1" >&2; return 1; }
  echo "$tag"
}

# The Debian mirror this machine's apt uses for its own suite (both sources formats).
debian_mirror() {
  local codename mirror
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
  mirror="$(apt-get indextargets --format '$(REPO_URI)' 'Identifier: Packages' "Release: $codename" 2>/dev/null | head -n 1)"
  if [ -z "$mirror" ]; then
    mirror="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
      sed -nE 's/^URIs:[[:space:]]*([^[:space:]]+).*/\1/p; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\2/p' |
      grep -v -- '-security' | head -n 1)"
  fi
  [ -n "$mirror" ] || { echo "no Debian mirror found in apt's sources" >&2; return 1; }
  echo "$mirror"
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

# node: the host's Node of the tag's major version, as the official image lays it out.
node_tag="$(tag_in Dockerfile node)"
node_bin="$(readlink -f "$(command -v node)")"
prefix="$(dirname "$(dirname "$node_bin")")"
major="$(node -p 'process.versions.node.split(".")[0]')"
wanted="${node_tag#node:}"
wanted="${wanted%%[!0-9]*}"
[ "$major" = "$wanted" ] || { echo "$node_tag needs Node $wanted; this machine's node is $major" >&2; exit 1; }
[ -f "$prefix/include/node/node_version.h" ] || { echo "no Node headers in $prefix/include/node" >&2; exit 1; }
files="$work/node/files"
mkdir -p "$files/usr/local/bin" "$files/usr/local/lib/node_modules" "$files/usr/local/include" "$files/etc/ssl/certs"
cp "$here/node/Dockerfile" "$work/node/"
cp "$node_bin" "$files/usr/local/bin/node"
cp -a "$prefix/include/node" "$files/usr/local/include/"
for module in npm corepack; do
  cp -a "$prefix/lib/node_modules/$module" "$files/usr/local/lib/node_modules/"
done
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$files/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$files/usr/local/bin/npx"
ln -s ../lib/node_modules/corepack/dist/corepack.js "$files/usr/local/bin/corepack"
cp /etc/ssl/certs/ca-certificates.crt "$files/etc/ssl/certs/"

say "building $node_tag, $(tag_in compose.yaml postgres), $(tag_in compose.yaml redis), $(tag_in compose.yaml haproxy)"
build() { docker build --quiet --tag "$1" "$2" >/dev/null || { echo "could not build $1" >&2; return 1; }; }
build "$node_tag" "$work/node"
build "$(tag_in compose.yaml postgres)" "$here/postgres"
build "$(tag_in compose.yaml redis)" "$here/redis"
build "$(tag_in compose.yaml haproxy)" "$here/haproxy"
say "stand-ins ready"
