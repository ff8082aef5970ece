#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what building and testing gen needs, from Debian's packages (Debian 12).
# Skips apt-get entirely when everything is already there.  Needs root (or sudo).
set -eu
# libisal-dev: the fast PNG deflate (the build falls back to zlib without it);
# libdeflate-dev: the PNG CRC (and a candidate deflate in bench/); nettle-dev: SHA-256 (Nettle);
# the pixman, fontconfig, expat and brotli -dev packages: the static archives gen links Cairo
# with under -DGEN_STATIC_DEPS=ON (libcairo2-dev pulls them in too, named here to be sure);
# pngcheck: the tests check every written PNG with it; python3: the end-to-end tests
# read JSON and PNG files with its standard library; python3-dev, python3-numpy: the Python
# package perceptv (docs/python.md) is built against them; python3-pip, -venv, -setuptools,
# -wheel: its wheel (pyproject.toml) is built and installed with them; libcurl4-openssl-dev:
# gen ask's HTTP client.
PACKAGES="build-essential cmake pkg-config libcairo2-dev libpng-dev libcjson-dev libfreetype-dev zlib1g-dev
          libisal-dev libdeflate-dev nettle-dev libpixman-1-dev libfontconfig-dev libexpat1-dev libbrotli-dev
          pngcheck python3 python3-dev python3-numpy python3-pip python3-venv python3-setuptools python3-wheel
          libcurl4-openssl-dev"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "installing:$missing" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
