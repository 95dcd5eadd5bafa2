#!/usr/bin/env bash
# Installs the caption fonts that the contract names (Enumerations → Fonts) so that fontconfig,
# and therefore libass inside ffmpeg, finds them by family name. Idempotent; run as root.
#   1. Debian font packages (look-alikes and fallbacks), only those not yet installed.
#   2. The contract's Google fonts as TTF from the @expo-google-fonts npm packages (SIL OFL;
#      @fontsource ships only woff/woff2, which fontconfig cannot use), into
#      /usr/local/share/fonts/clipwright. A family already known to fontconfig is skipped.
# A font that cannot be fetched is reported and skipped: src/media/fonts.ts maps a missing
# family onto an installed look-alike, so rendering still works.
set -euo pipefail

FONT_DIR="${CLIPWRIGHT_FONT_DIR:-/usr/local/share/fonts/clipwright}"
APT_PACKAGES=(fontconfig fonts-dejavu-core fonts-open-sans fonts-lato fonts-comfortaa fonts-bebas-neue fonts-league-spartan fonts-roboto-unhinted)
# npm package name (under @expo-google-fonts/) and the family it provides.
NPM_FONTS=(
  "montserrat:Montserrat" "poppins:Poppins" "jockey-one:Jockey One" "lilita-one:Lilita One"
  "mclaren:McLaren" "corben:Corben" "dela-gothic-one:Dela Gothic One" "luckiest-guy:Luckiest Guy"
  "quantico:Quantico" "anton:Anton" "oswald:Oswald"
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]} > 0)); then
  echo "install-fonts: apt-get install ${missing[*]}"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  fi
fi

has_family() { fc-list : family | tr ',' '\n' | grep -qixF "$1"; }

mkdir -p "$FONT_DIR"
added=0
for entry in "${NPM_FONTS[@]}"; do
  pkg="${entry%%:*}"
  family="${entry#*:}"
  if has_family "$family"; then continue; fi
  work="$(mktemp -d)"
  if (cd "$work" && npm pack --silent "@expo-google-fonts/$pkg" >/dev/null 2>&1); then
    # Regular, bold and their italics are all that captions use (font_style).
    tar -xzf "$work"/*.tgz -C "$work" --wildcards '*.ttf' 2>/dev/null || true
    find "$work" -name '*.ttf' \( -name '*_400Regular*' -o -name '*_700Bold*' \) -exec cp {} "$FONT_DIR/" \;
    [ -f "$work/package/LICENSE_FONT" ] && cp "$work/package/LICENSE_FONT" "$FONT_DIR/LICENSE-$pkg.txt"
    added=1
    echo "install-fonts: added $family"
  else
    echo "install-fonts: could not fetch @expo-google-fonts/$pkg; captions in $family use a look-alike" >&2
  fi
  rm -rf "$work"
done

if ((added)); then fc-cache -f "$FONT_DIR" >/dev/null; fi
echo "install-fonts: done"
