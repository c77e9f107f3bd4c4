#!/usr/bin/env bash
# Builds the Lighthouse reference app (bench/reference-app) into bench/reference-app/dist
# with web/'s Vite and packages: the app has no package.json of its own, so that its
# libraries are exactly the versions the web app ships.
set -euo pipefail
cd "$(dirname "$0")/reference-app"
ln -sfn ../../web/node_modules node_modules
../../web/node_modules/.bin/vite build --config vite.config.mjs --logLevel warn
