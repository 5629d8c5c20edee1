#!/usr/bin/env bash
# Lighthouse on a running ReferBridge (issue 13): mobile three times (report the median), desktop once.
#   scripts/lighthouse.sh [URL] [OUT_DIR]      default http://localhost:3000/ and lighthouse-report/
# Lighthouse is not a dependency of the project (about 200 packages CI never needs): npx fetches it from
# the npm registry on first use. It warns that it wants a newer Node and works all the same.
set -euo pipefail
url=${1:-http://localhost:3000/}
out=${2:-lighthouse-report}
mkdir -p "$out"
export CHROME_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
run() { npx --yes lighthouse@12.8.2 "$url" --quiet --chrome-flags="$flags" --output=json --output-path="$1" "${@:2}" > /dev/null; }
for i in 1 2 3; do run "$out/mobile-$i.json"; done
run "$out/desktop.json" --preset=desktop
for f in "$out"/mobile-*.json "$out/desktop.json"; do
  node -e '
    const r = require(require("node:path").resolve(process.argv[1]));
    const score = (k) => Math.round(r.categories[k].score * 100);
    const ms = (k) => Math.round(r.audits[k].numericValue);
    console.log(process.argv[1].padEnd(32), "performance", score("performance"), "accessibility", score("accessibility"),
      "best-practices", score("best-practices"), "seo", score("seo"),
      "| FCP", ms("first-contentful-paint"), "LCP", ms("largest-contentful-paint"), "TBT", ms("total-blocking-time"),
      "CLS", r.audits["cumulative-layout-shift"].numericValue.toFixed(3));
  ' "$f"
done
