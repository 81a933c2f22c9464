# Veil: `make run` and `make test` are all a fresh machine needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= eval,peers,test,gui
TORCH_VERSION ?= 2.13.0
STAMP := $(VENV)/.installed-$(shell echo $(EXTRAS) | tr ',' '-')

.PHONY: setup run serve tray test bench screenshots app package smoke clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# CPU torch first: an unpinned resolve would pull several GB of CUDA wheels.
	$(PY) -m pip install --quiet 'torch==$(TORCH_VERSION)'
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	rm -f $(VENV)/.installed-*
	touch $@

setup: $(STAMP)

## run: start Veil on its embedded defaults (127.0.0.1:8787, bundled local model upstream):
## the tray app when a display is available, the headless proxy otherwise
run: setup
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then $(VENV)/bin/veil tray; else $(VENV)/bin/veil serve; fi

serve: setup
	$(VENV)/bin/veil serve

## tray: the desktop app (tray icon + window; the proxy runs inside)
tray: setup
	$(VENV)/bin/veil tray

## test: the whole suite
test: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: setup
	$(VENV)/bin/veil bench

## screenshots: re-render docs/screenshots (needs xvfb-run; trayer optional)
screenshots: setup
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) packaging/screenshots.py

## app: one-folder bundle in build/dist/veil
app: setup
	$(PY) -m pip install --quiet 'pyinstaller>=6.5'
	$(VENV)/bin/pyinstaller packaging/veil.spec --distpath build/dist --workpath build/work --noconfirm

package: app

## smoke: --version, eval, serve and tray --screenshot of the built app
smoke: app
	packaging/smoke.sh

clean:
	rm -rf $(VENV) build dist *.egg-info
