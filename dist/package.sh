#!/usr/bin/env bash
# Makes carousel-VERSION-linux-ARCH.tar.gz from the release binaries: carousel, carousel-serve and carousel-caldav
# (the Swift standard library and Foundation linked in statically), shell completions, the man
# page and INSTALL.txt naming the runtime packages the binaries load. Usage: package.sh BIN_DIR OUT_DIR
set -euo pipefail
bin_dir=$1 out_dir=$2
carousel="$bin_dir/carousel"
version=$("$carousel" --version)
arch=$(uname -m)
name="carousel-$version-linux-$arch"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$carousel" "$bin_dir/carousel-serve" "$bin_dir/carousel-caldav" "$root/bin/"
strip "$root/bin/carousel" "$root/bin/carousel-serve" "$root/bin/carousel-caldav"
"$carousel" --generate-completion-script bash > "$root/share/bash-completion/completions/carousel"
"$carousel" --generate-completion-script zsh > "$root/share/zsh/site-functions/_carousel"
"$carousel" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/carousel.fish"
"$carousel" generate-man > "$root/share/man/man1/carousel.1"
cp README.md "$root/"

# The runtime packages: the Debian package of each shared library the binaries name (their
# NEEDED entries; apt brings what those load in turn), leaving out the C library's own. No Swift
# runtime and no -dev package may be among any they load.
needed=$(for b in "$root/bin/carousel" "$root/bin/carousel-serve" "$root/bin/carousel-caldav"; do readelf -d "$b" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; done | sort -u)
packages=""
for lib in $(ldd "$root/bin/carousel" "$root/bin/carousel-serve" "$root/bin/carousel-caldav" | awk '/=> \//{ print $1 "=" $3 }' | sort -u); do
  soname=${lib%%=*} path=${lib#*=}
  owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null || true)
  owner=${owner%%:*}
  [ -n "$owner" ] || { echo "no Debian package owns $path" >&2; exit 1; }
  case "$owner" in *-dev) echo "$path comes from a -dev package ($owner)" >&2; exit 1 ;; esac
  grep -qx "$soname" <<<"$needed" || continue
  case "$owner" in
    libc6|libgcc-s1|libstdc++6) ;;    # on every Debian and Ubuntu system
    *) packages="$packages $owner" ;;
  esac
done
if ldd "$root/bin/carousel" "$root/bin/carousel-serve" "$root/bin/carousel-caldav" | grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime'; then
  echo "a Swift runtime library is linked dynamically" >&2; exit 1
fi
packages=$(echo $packages | tr ' ' '\n' | sort -u | tr '\n' ' ')
cat > "$root/INSTALL.txt" <<TEXT
Carousel $version for Linux ($arch)

Runs on Debian 12, or any x86_64 Linux with glibc 2.35 or later and SQLite 3 (libsqlite3.so.0).
On Debian 12 it needs these packages:
  sudo apt-get install ${packages% }

Install for yourself (no root):
  mkdir -p ~/.local && tar -xzf $name.tar.gz -C ~/.local --strip-components=1
  export PATH="\$HOME/.local/bin:\$PATH"     # if ~/.local/bin is not on PATH yet

Or for everyone:
  sudo tar -xzf $name.tar.gz -C /usr/local --strip-components=1

Then:  carousel init ~/vault --sample && cd ~/vault && carousel
TEXT
mkdir -p "$out_dir"
tar -C "$stage" --owner=0 --group=0 -czf "$out_dir/$name.tar.gz" "$name"
echo "$out_dir/$name.tar.gz"
