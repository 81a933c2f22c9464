#!/usr/bin/env bash
# Smoke-test the built one-folder app: --version, models (prepare: GLiNER loads from the
# bundled ONNX export, without torch), serve (an SSN and a person's name masked on
# their way to a loopback upstream), fail-closed with a damaged GLiNER export, and
# tray --screenshot. Prints cold-start times and the bundle size.
#   packaging/smoke.sh [path/to/veil]      (default: build/dist/veil/veil)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP=$(realpath "${1:-$ROOT/build/dist/veil/veil}")
PY=${PYTHON:-$ROOT/.venv/bin/python}
TMP=$(mktemp -d)
trap '[[ -n "${KEEP:-}" ]] || rm -rf "$TMP"' EXIT

# an isolated user: no config, data or keyring of the person running this
export VEIL_CONFIG=$TMP/config.toml XDG_DATA_HOME=$TMP/data XDG_CONFIG_HOME=$TMP/config
export PYTHON_KEYRING_BACKEND=keyring.backends.null.Keyring
now() { date +%s.%N; }

echo "== bundle: $(du -sh "$(dirname "$APP")" | cut -f1) in $(dirname "$APP")"

t0=$(now)
version=$("$APP" --version)
t1=$(now)
echo "== --version: $version ($(echo "$t1 - $t0" | bc) s cold)"
[[ $version == veil* ]]

echo "== models"
"$APP" models
echo "== models prepare (loads each configured model and times it)"
"$APP" models prepare

echo "== eval"
"$APP" eval piibench --n 1 --json --no-progress | "$PY" -c 'import json, sys; d = json.load(sys.stdin); print("eval: B(veil, all) =", round(d["systems"]["veil"]["all"]["B"], 3))'

echo "== serve"
(cd "$ROOT" && "$PY" packaging/smoke_serve.py "$APP")

echo "== fail closed: a GLiNER export whose sidecar probes do not match"
BAD=$TMP/gliner-onnx-damaged
cp -r "$(dirname "$APP")/_internal/gliner-onnx" "$BAD"
"$PY" - "$BAD" <<'EOF'
import json, pathlib, sys
(path,) = pathlib.Path(sys.argv[1]).glob("*.json")
data = json.loads(path.read_text(encoding="utf-8"))
data["probes"][0]["feed"]["input_ids"][0][1] += 1  # as if the tokenizer encoded differently here
path.write_text(json.dumps(data), encoding="utf-8")
EOF
if VEIL_GLINER_PREBUILT=$BAD "$APP" models prepare --json > "$TMP/prepare.json"; then
    echo "models prepare succeeded with a damaged GLiNER export"; exit 1
fi
"$PY" -c '
import json, sys
rows = {r["name"]: r for r in json.load(open(sys.argv[1]))}
assert not rows["gliner"]["ready"] and "sidecar" in rows["gliner"]["detail"], rows["gliner"]
print("models prepare: gliner NOT READY:", rows["gliner"]["detail"][:300])' "$TMP/prepare.json"
(cd "$ROOT" && VEIL_GLINER_PREBUILT=$BAD "$PY" packaging/smoke_serve.py "$APP" --expect-refusal)

echo "== tray --screenshot (offscreen, bundled local model as upstream)"
printf 'port = %s\n' "$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')" > "$VEIL_CONFIG"
t0=$(now)
QT_QPA_PLATFORM=offscreen "$APP" tray --screenshot "$TMP/shot.png" --page all
t1=$(now)
for page in activity secrets settings models eval; do
    test -s "$TMP/shot-$page.png" || { echo "missing screenshot of $page"; exit 1; }
done
echo "== tray --screenshot: 5 pages in $(echo "$t1 - $t0" | bc) s"
echo "SMOKE OK"
