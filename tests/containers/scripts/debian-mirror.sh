# Sourced by the scripts that fetch Debian packages: `debian_mirror` prints the Debian mirror this
# machine's apt uses for its own release, from either sources format (one-line or deb822).
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
