# Veil: `make run` and `make test` are all a fresh machine needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= eval,peers,test
TORCH_VERSION ?= 2.13.0
STAMP := $(VENV)/.installed-$(shell echo $(EXTRAS) | tr ',' '-')

.PHONY: setup run serve test bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# CPU torch first: an unpinned resolve would pull several GB of CUDA wheels.
	$(PY) -m pip install --quiet 'torch==$(TORCH_VERSION)'
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	rm -f $(VENV)/.installed-*
	touch $@

setup: $(STAMP)

## run: start Veil on its embedded defaults (127.0.0.1:8787, bundled local model upstream)
run: setup
	$(VENV)/bin/veil serve

serve: run

## test: the whole suite
test: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: setup
	$(VENV)/bin/veil bench

clean:
	rm -rf $(VENV) build dist *.egg-info
