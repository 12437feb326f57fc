#!/usr/bin/env bash
# Installs Docker Compose v2 as the docker CLI's plugin (`docker compose`) where only the client is
# installed: Debian bookworm packages Compose 1.x, which refuses compose.yaml's top-level `name:`, so
# the plugin comes from the docker-compose package of Debian's next release (trixie). It is fetched
# through a sources list and package lists of its own (the machine's apt state is left as it was)
# from the mirror the machine's apt uses, unpacked, and its plugin put into
# ${DOCKER_CONFIG:-~/.docker}/cli-plugins/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/debian-mirror.sh"
mirror="$(debian_mirror)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" >"$work/sources.list"
apt_options=(
  -o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/nonexistent
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o Dir::State::status=/dev/null
  -o APT::Sandbox::User=root -qq
)
apt-get "${apt_options[@]}" update
(cd "$work" && apt-get "${apt_options[@]}" download docker-compose)
dpkg-deb -x "$work"/docker-compose_*.deb "$work/unpacked"
plugins="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins"
mkdir -p "$plugins"
install -m 0755 "$work/unpacked/usr/libexec/docker/cli-plugins/docker-compose" "$plugins/docker-compose"
echo "installed $(docker compose version) in $plugins"
