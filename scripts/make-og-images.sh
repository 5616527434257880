#!/bin/sh
# Renders the Open Graph images (public/images/og/*.png) from the SVG illustrations: social sites do not
# accept SVG. Each image keeps its own size (articles, practices and courses are 1200x675, the default
# 1200x630). Needs Chromium (headless screenshots) and pngquant (apt-get install pngquant) to keep them small.
# Run it again after adding or changing an illustration; app/lib/seo.ts lists the names that exist.
set -eu
cd "$(dirname "$0")/.."
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
OUT=public/images/og
mkdir -p "$OUT"

render() { # svg, png, width, height
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
    --screenshot="$2" --window-size="$3,$4" "file://$PWD/$1" >/dev/null 2>&1
  # 256-colour palette, quality floor 70: the illustrations are flat shapes and soft gradients.
  pngquant --force --skip-if-larger --quality=70-95 --strip --output "$2" -- "$2" || true
}

for svg in public/images/articles/*.svg public/images/practices/*.svg public/images/courses/*.svg; do
  render "$svg" "$OUT/$(basename "$svg" .svg).png" 1200 675
done
render public/images/og-default.svg "$OUT/og-default.png" 1200 630
ls -l "$OUT"
