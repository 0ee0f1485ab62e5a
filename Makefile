# Makefile — arbiter, a referee for recorded board games.
# Plain make: `make` builds ./arbiter, `make check` runs every test,
# `make sanitize` runs them under ASan+UBSan.  CFLAGS, LDFLAGS, CC, PREFIX
# and DESTDIR are the user's; the flags the project needs are added apart.

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/share
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
CC         ?= cc
CFLAGS     ?= -O2 -g
PKG_CONFIG ?= pkg-config
BUILD      ?= build
VERSION    := 0.1.0
# `make V=1` shows the commands.
Q          := $(if $(V),,@)

NEED_DEPS := $(filter-out clean uninstall fmt fmt-check,$(or $(MAKECMDGOALS),all))
ifneq ($(NEED_DEPS),)
ifneq ($(shell $(PKG_CONFIG) --exists yaml-0.1 && echo ok),ok)
$(error libyaml not found by pkg-config (yaml-0.1): apt-get install libyaml-dev pkg-config)
endif
ifneq ($(shell $(PKG_CONFIG) --exists jansson && echo ok),ok)
$(error jansson not found by pkg-config (jansson): apt-get install libjansson-dev pkg-config)
endif
endif
ifneq ($(filter check sanitize fuzz,$(MAKECMDGOALS)),)
ifneq ($(shell $(PKG_CONFIG) --exists cmocka && echo ok),ok)
$(error cmocka not found by pkg-config (cmocka): apt-get install libcmocka-dev)
endif
endif

DEP_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 jansson 2>/dev/null)
DEP_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 jansson 2>/dev/null) -lm
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

# Assertions and the engines' position_ok() checks: the release build
# (`make`, `make install`, `make bench`) defines NDEBUG; the test builds
# (`make check`, `sanitize`, `fuzz`) keep every one (ASSERT_FLAGS empty).
ASSERT_FLAGS ?= -DNDEBUG
ARB_CFLAGS = -std=c17 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASSERT_FLAGS) \
	-DARB_VERSION='"$(VERSION)"' -Isrc $(DEP_CFLAGS)

GAMES     := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard src/games/*/*.c)))))
CORE_SRC  := $(wildcard src/core/*.c)
CLI_SRC   := $(wildcard src/cli/*.c)
IMPORT_SRC := $(wildcard src/import/*.c)
GAME_SRC  := src/games/registry.c $(wildcard src/games/*/*.c)
EMBED_GAMES := $(foreach g,$(GAMES),$(if $(wildcard notation/$(g)/$(g).yaml),$(g)))
EMBED_SRC := $(patsubst %,$(BUILD)/embed/%.c,$(EMBED_GAMES))
LIB_SRC   := $(CORE_SRC) $(CLI_SRC) $(IMPORT_SRC) $(GAME_SRC)
LIB_OBJ   := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC)) $(EMBED_SRC:.c=.o)

UNIT_SRC  := $(wildcard tests/unit/test_*.c tests/games/*/test_*.c)
UNIT_BIN  := $(patsubst %.c,$(BUILD)/%,$(UNIT_SRC))

.PHONY: all check test-run unit sanitize fuzz fuzz-build fuzz-afl bench install uninstall clean \
	fmt fmt-check

all: arbiter

# copied then renamed, so a running ./arbiter is replaced, not overwritten
arbiter: $(BUILD)/arbiter
	cp $(BUILD)/arbiter $@.tmp && mv $@.tmp $@

# Objects are linked directly, not through an archive: every one of them
# is needed (the registry names each engine), and the tests link the same
# list.
$(BUILD)/arbiter: $(BUILD)/src/main.o $(LIB_OBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS)

$(BUILD)/%.o: %.c $(wildcard src/*/*.h src/games/*/*.h)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

# notation/G/G.yaml becomes build/embed/G.c (a pattern rule cannot say G twice).
define EMBED_RULE
$(BUILD)/embed/$(1).c: notation/$(1)/$(1).yaml $(BUILD)/tools/embed
	@mkdir -p $$(dir $$@)
	$(Q)$(BUILD)/tools/embed $(1) $$< > $$@.tmp && mv $$@.tmp $$@
endef
$(foreach g,$(EMBED_GAMES),$(eval $(call EMBED_RULE,$(g))))

$(BUILD)/embed/%.o: $(BUILD)/embed/%.c
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) $(wildcard tests/*/*.h tests/games/*/*.h)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ARB_CFLAGS) $(CMOCKA_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< \
		$(LIB_OBJ) $(DEP_LIBS) $(CMOCKA_LIBS)

unit: $(UNIT_BIN)

# Every test: unit tests, the corpus, bad input, documentation drift.
# The tests run $(BUILD)/arbiter, so `make sanitize` tests its own binary
# and never leaves a sanitizer build in ./arbiter.
# They build in a folder of their own, with assertions (ASSERT_FLAGS empty).
CHECK_BUILD ?= build/check
check:
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) ASSERT_FLAGS= test-run

test-run: $(BUILD)/arbiter $(UNIT_BIN)
	@BUILD=$(BUILD) ARBITER=$(BUILD)/arbiter sh tests/run.sh

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize:
	$(MAKE) CHECK_BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check

install: arbiter
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 arbiter $(DESTDIR)$(BINDIR)/arbiter
	install -m 644 man/arbiter.1 $(DESTDIR)$(MANDIR)/man1/arbiter.1
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 completions/arbiter.bash $(DESTDIR)$(BASHCOMPDIR)/arbiter
	install -m 644 completions/_arbiter $(DESTDIR)$(ZSHCOMPDIR)/_arbiter
	install -m 644 completions/arbiter.fish $(DESTDIR)$(FISHCOMPDIR)/arbiter.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/arbiter $(DESTDIR)$(MANDIR)/man1/arbiter.1 \
		$(patsubst man/%,$(DESTDIR)$(MANDIR)/man5/%,$(wildcard man/*.5)) \
		$(DESTDIR)$(BASHCOMPDIR)/arbiter $(DESTDIR)$(ZSHCOMPDIR)/_arbiter \
		$(DESTDIR)$(FISHCOMPDIR)/arbiter.fish

clean:
	rm -rf build arbiter

# Layout by clang-format and the committed .clang-format: `make fmt`
# rewrites the C sources in place, `make fmt-check` only names the files
# that differ (exit status 1 when any does).
CLANG_FORMAT ?= clang-format
FMT_SRC := $(wildcard src/*.c src/*/*.[ch] src/*/*/*.[ch] tests/*/*.[ch] tests/games/*/*.[ch] tools/*.c)
fmt:
	$(CLANG_FORMAT) -i $(FMT_SRC)

fmt-check:
	@status=0; for f in $(FMT_SRC); do \
		$(CLANG_FORMAT) "$$f" | cmp -s - "$$f" || { echo "$$f: differs from clang-format (make fmt)"; status=1; }; \
	done; exit $$status

# Fuzzing: every tests/fuzz/fuzz_*.c harness, built for libFuzzer (clang)
# and for AFL++ (afl-clang-fast, same source through its libFuzzer driver),
# then each run under libFuzzer for FUZZ_SECONDS with the corpus as seeds.
FUZZ_SECONDS ?= 60
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_LF   := $(patsubst tests/fuzz/%.c,build/fuzz/libfuzzer/%,$(FUZZ_SRC))
FUZZ_AFL  := $(patsubst tests/fuzz/%.c,build/fuzz/afl/%,$(FUZZ_SRC))
FUZZ_SAN  := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all

fuzz-build:
	$(MAKE) BUILD=build/fuzz/lf-obj ASSERT_FLAGS= CC=clang CFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" \
		$(addprefix build/fuzz/lf-obj/,$(LIB_SRC:.c=.o)) $(EMBED_SRC:$(BUILD)/%.c=build/fuzz/lf-obj/%.o)
	@mkdir -p build/fuzz/libfuzzer
	for h in $(basename $(notdir $(FUZZ_SRC))); do \
		clang $(ARB_CFLAGS:-DNDEBUG=) $(FUZZ_SAN) -fsanitize=fuzzer -o build/fuzz/libfuzzer/$$h tests/fuzz/$$h.c \
			$(addprefix build/fuzz/lf-obj/,$(LIB_SRC:.c=.o)) $(EMBED_SRC:$(BUILD)/%.c=build/fuzz/lf-obj/%.o) \
			$(DEP_LIBS) || exit 1; done
	@if command -v afl-clang-fast >/dev/null 2>&1; then \
		$(MAKE) BUILD=build/fuzz/afl-obj ASSERT_FLAGS= CC=afl-clang-fast CFLAGS="-g -O1" \
			$(addprefix build/fuzz/afl-obj/,$(LIB_SRC:.c=.o)) $(EMBED_SRC:$(BUILD)/%.c=build/fuzz/afl-obj/%.o) && \
		mkdir -p build/fuzz/afl && \
		for h in $(basename $(notdir $(FUZZ_SRC))); do \
			afl-clang-fast $(ARB_CFLAGS:-DNDEBUG=) -g -O1 -fsanitize=fuzzer -o build/fuzz/afl/$$h tests/fuzz/$$h.c \
				$(addprefix build/fuzz/afl-obj/,$(LIB_SRC:.c=.o)) $(EMBED_SRC:$(BUILD)/%.c=build/fuzz/afl-obj/%.o) \
				$(DEP_LIBS) || exit 1; done; \
	else echo "afl-clang-fast not found (apt-get install afl++): AFL++ builds skipped"; fi

fuzz: fuzz-build arbiter
	@mkdir -p build/fuzz/seeds/records build/fuzz/seeds/data
	cp corpus/*/*.tgn tests/bad/*.tgn build/fuzz/seeds/records/ 2>/dev/null || true
	for g in carcassonne catan elasund; do \
		./arbiter gen --game $$g --count 20 --seed 1 >build/fuzz/seeds/records/gen-$$g.tgn 2>/dev/null || \
			rm -f build/fuzz/seeds/records/gen-$$g.tgn; done
	cp notation/*/*.yaml build/fuzz/seeds/data/
	for h in $(basename $(notdir $(FUZZ_SRC))); do \
		seeds=build/fuzz/seeds/records; [ $$h = fuzz_data ] && seeds=build/fuzz/seeds/data; \
		mkdir -p build/fuzz/work/$$h; \
		echo "fuzzing $$h for $(FUZZ_SECONDS) s"; \
		build/fuzz/libfuzzer/$$h -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 \
			build/fuzz/work/$$h $$seeds 2>&1 | tail -12 || exit 1; done

# Speed and memory, measured (never asserted): see tests/bench/bench.sh.
# A binary of its own, built with DWARF 4 so valgrind 3.19 reads it.
bench:
	$(MAKE) BUILD=build/bench-obj CFLAGS="-O2 -g -gdwarf-4" build/bench-obj/arbiter
	@BUILD=build/bench-obj ARBITER=build/bench-obj/arbiter sh tests/bench/bench.sh

# The same harnesses under AFL++ (input on stdin; the AFL builds of
# fuzz-build), FUZZ_SECONDS each, findings under build/fuzz/afl-out.
fuzz-afl: fuzz-build
	@mkdir -p build/fuzz/seeds/records build/fuzz/seeds/data
	cp corpus/*/*.tgn build/fuzz/seeds/records/ 2>/dev/null || true
	cp notation/*/*.yaml build/fuzz/seeds/data/
	for h in $(basename $(notdir $(FUZZ_SRC))); do \
		seeds=build/fuzz/seeds/records; [ $$h = fuzz_data ] && seeds=build/fuzz/seeds/data; \
		AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
			afl-fuzz -i $$seeds -o build/fuzz/afl-out/$$h -V $(FUZZ_SECONDS) -- build/fuzz/afl/$$h \
			>build/fuzz/afl-out-$$h.log 2>&1 || exit 1; \
		grep -E 'execs_done|saved_crashes|saved_hangs' build/fuzz/afl-out/$$h/default/fuzzer_stats; done
