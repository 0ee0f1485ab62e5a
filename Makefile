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
# -pthread: the -j worker threads (POSIX threads, in the C library)
DEP_LIBS   := $(shell $(PKG_CONFIG) --libs yaml-0.1 jansson 2>/dev/null) -lm -pthread
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

# Assertions and the engines' position_ok() checks: the release build
# (`make`, `make install`, `make bench`) defines NDEBUG; the test builds
# (`make check`, `sanitize`, `fuzz`) keep every one (ASSERT_FLAGS empty).
ASSERT_FLAGS ?= -DNDEBUG
ARB_CFLAGS = -std=c17 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L $(ASSERT_FLAGS) \
	-DARB_VERSION='"$(VERSION)"' -Isrc $(DEP_CFLAGS) -pthread

GAMES     := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard src/games/*/*.c)))))
CORE_SRC  := $(wildcard src/core/*.c)
CLI_SRC   := $(wildcard src/cli/*.c)
IMPORT_SRC := $(wildcard src/import/*.c)
REFEREE_SRC := $(wildcard src/referee/*.c)
MATCH_SRC := $(wildcard src/match/*.c)
# an engine's subsystems in folders of its own (src/games/catan/hidden/)
GAME_SRC  := src/games/registry.c $(wildcard src/games/*/*.c src/games/*/*/*.c)
EMBED_GAMES := $(foreach g,$(GAMES),$(if $(wildcard notation/$(g)/$(g).yaml),$(g)))
# Unicode's simple case folding for players' names (src/cli/names.c),
# generated from Debian's unicode-data (tools/deps.sh installs it).
CASEFOLDING ?= /usr/share/unicode/CaseFolding.txt
EMBED_SRC := $(patsubst %,$(BUILD)/embed/%.c,$(EMBED_GAMES)) $(BUILD)/embed/casefold.c
LIB_SRC   := $(CORE_SRC) $(CLI_SRC) $(IMPORT_SRC) $(REFEREE_SRC) $(MATCH_SRC) $(GAME_SRC)
LIB_OBJ   := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC)) $(EMBED_SRC:.c=.o)

UNIT_SRC  := $(wildcard tests/unit/test_*.c tests/games/*/test_*.c)
UNIT_BIN  := $(patsubst %.c,$(BUILD)/%,$(UNIT_SRC))
# the fuzz harnesses with the replay driver: `make check` replays the seeds
FUZZ_REPLAY_BIN := $(patsubst %.c,$(BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: all check check-views test-run unit sanitize tsan fuzz fuzz-build fuzz-seeds fuzz-merge fuzz-coverage fuzz-afl \
	bench bench-views bench-referee bench-match install uninstall clean fmt fmt-check game-lists

all: arbiter game-lists

# the lists of games in the docs and completions follow the registry
# (tools/game-lists.sh rewrites only what differs)
game-lists: $(BUILD)/tools/game-lists
	$(Q)BUILD=$(BUILD) sh tools/game-lists.sh

# copied then renamed, so a running ./arbiter is replaced, not overwritten
arbiter: $(BUILD)/arbiter
	cp $(BUILD)/arbiter $@.tmp && mv $@.tmp $@

# Objects are linked directly, not through an archive: every one of them
# is needed (the registry names each engine), and the tests link the same
# list.
$(BUILD)/arbiter: $(BUILD)/src/main.o $(LIB_OBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS)

$(BUILD)/%.o: %.c $(wildcard src/*/*.h src/games/*/*.h src/games/*/*/*.h)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) -c -o $@ $<

# embed parses the data with the run-time parser (data.c, util.c), built
# here from source (with buf.c) so it does not wait on the library it feeds.
$(BUILD)/tools/embed: tools/embed.c src/core/data.c src/core/util.c src/core/buf.c src/core/data.h src/core/util.h \
		src/games/game.h
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ tools/embed.c src/core/data.c src/core/util.c src/core/buf.c \
		$(DEP_LIBS)

# The Elasund reference tables of the docs, written from the YAML
# (tools/doc-tables.sh; tests/docs-test.sh checks the pages hold them).
$(BUILD)/tools/doc-tables: tools/doc-tables.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(DEP_LIBS)

# The lists of games in the man pages, README.md and the completions,
# written from the registry (tools/game-lists.sh; tests/docs-test.sh
# checks they are current).
$(BUILD)/tools/game-lists: tools/game-lists.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(DEP_LIBS)

# notation/G/G.yaml becomes build/embed/G.c (a pattern rule cannot say G twice).
define EMBED_RULE
$(BUILD)/embed/$(1).c: notation/$(1)/$(1).yaml $(BUILD)/tools/embed
	@mkdir -p $$(dir $$@)
	$(Q)$(BUILD)/tools/embed $(1) $$< > $$@.tmp && mv $$@.tmp $$@
endef
$(foreach g,$(EMBED_GAMES),$(eval $(call EMBED_RULE,$(g))))

$(BUILD)/embed/casefold.c: tools/casefold.awk
	@mkdir -p $(dir $@)
	@test -r $(CASEFOLDING) || { echo "$(CASEFOLDING) is missing: sh tools/deps.sh installs unicode-data" >&2; exit 1; }
	$(Q)awk -f tools/casefold.awk $(CASEFOLDING) > $@.tmp && mv $@.tmp $@

$(BUILD)/embed/%.o: $(BUILD)/embed/%.c
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(LIB_OBJ) $(wildcard tests/*/*.h tests/games/*/*.h)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ARB_CFLAGS) $(CMOCKA_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< \
		$(LIB_OBJ) $(DEP_LIBS) $(CMOCKA_LIBS)

# A harness without libFuzzer: tests/fuzz/replay.c runs the files named.
$(BUILD)/tests/fuzz/%: tests/fuzz/%.c tests/fuzz/replay.c $(LIB_OBJ) $(wildcard tests/fuzz/*.h) src/main.c \
		src/match/game.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ARB_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/replay.c \
		$(LIB_OBJ) $(DEP_LIBS)

unit: $(UNIT_BIN)

# Every test: unit tests, the corpus, bad input, documentation drift.
# The tests run $(BUILD)/arbiter, so `make sanitize` tests its own binary
# and never leaves a sanitizer build in ./arbiter.
# They build in a folder of their own, with assertions (ASSERT_FLAGS empty).
CHECK_BUILD ?= build/check
check:
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) ASSERT_FLAGS= test-run

test-run: $(BUILD)/arbiter $(UNIT_BIN) $(FUZZ_REPLAY_BIN) $(BUILD)/tools/doc-tables \
		$(BUILD)/tools/game-lists
	@BUILD=$(BUILD) ARBITER=$(BUILD)/arbiter sh tests/run.sh

# The Catan view property on 2000 generated games (make check runs 100):
# every game as each seat and the observer saw it replays legal with the
# same winner (tests/games/catan/test_view.c); Elasund's on 1000 games per
# player count (250 with 4 players; tests/games/elasund/test_view.c).
check-views:
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) ASSERT_FLAGS= \
		$(CHECK_BUILD)/tests/games/catan/test_view $(CHECK_BUILD)/tests/games/elasund/test_view
	CATAN_VIEW_GAMES=2000 $(CHECK_BUILD)/tests/games/catan/test_view
	ELASUND_VIEW_GAMES=1000 $(CHECK_BUILD)/tests/games/elasund/test_view

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize:
	$(MAKE) CHECK_BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check

install: arbiter
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(MANDIR)/man7 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 arbiter $(DESTDIR)$(BINDIR)/arbiter
	install -m 644 man/arbiter.1 $(DESTDIR)$(MANDIR)/man1/arbiter.1
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/*.7 $(DESTDIR)$(MANDIR)/man7/
	install -m 644 completions/arbiter.bash $(DESTDIR)$(BASHCOMPDIR)/arbiter
	install -m 644 completions/_arbiter $(DESTDIR)$(ZSHCOMPDIR)/_arbiter
	install -m 644 completions/arbiter.fish $(DESTDIR)$(FISHCOMPDIR)/arbiter.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/arbiter $(DESTDIR)$(MANDIR)/man1/arbiter.1 \
		$(patsubst man/%,$(DESTDIR)$(MANDIR)/man5/%,$(wildcard man/*.5)) \
		$(patsubst man/%,$(DESTDIR)$(MANDIR)/man7/%,$(wildcard man/*.7)) \
		$(DESTDIR)$(BASHCOMPDIR)/arbiter $(DESTDIR)$(ZSHCOMPDIR)/_arbiter \
		$(DESTDIR)$(FISHCOMPDIR)/arbiter.fish

clean:
	rm -rf build arbiter

# Layout by clang-format and the committed .clang-format: `make fmt`
# rewrites the C sources in place, `make fmt-check` only names the files
# that differ (exit status 1 when any does).
CLANG_FORMAT ?= clang-format
FMT_SRC := $(wildcard src/*.c src/*/*.[ch] src/*/*/*.[ch] src/*/*/*/*.[ch] tests/*/*.[ch] tests/games/*/*.[ch] tools/*.c)
fmt:
	$(CLANG_FORMAT) -i $(FMT_SRC)

fmt-check:
	@status=0; for f in $(FMT_SRC); do \
		$(CLANG_FORMAT) "$$f" | cmp -s - "$$f" || { echo "$$f: differs from clang-format (make fmt)"; status=1; }; \
	done; exit $$status

# Fuzzing: every tests/fuzz/fuzz_*.c harness, built for libFuzzer (clang)
# and for AFL++ (afl-clang-fast, same source through its libFuzzer driver),
# then each run under libFuzzer for FUZZ_SECONDS, new inputs kept in
# build/fuzz/work/HARNESS.  Seeds: the committed, minimized corpus
# tests/fuzz/seeds/HARNESS (which `make check` replays), plus the records
# of corpus/ for fuzz_reader and the data files for fuzz_data.
# FUZZ_ONLY="fuzz_cli fuzz_setup" runs some harnesses only; FUZZ_JOBS runs
# that many processes of each at once (libFuzzer -fork).
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES := $(basename $(notdir $(FUZZ_SRC)))
FUZZ_ONLY ?= $(FUZZ_NAMES)
FUZZ_SAN  := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJS  = $(addprefix $(1)/,$(LIB_SRC:.c=.o)) $(EMBED_SRC:$(BUILD)/%.c=$(1)/%.o)
# a harness's own link flags ($$h in a recipe): fuzz_cli keeps SIGALRM
# libFuzzer's (its __wrap_sigaction says why)
FUZZ_LINK = case $$h in fuzz_cli) echo -DFUZZ_WRAP_SIGACTION -Wl,--wrap=sigaction;; esac
# extra seed folders of a harness ($$h in a recipe)
FUZZ_EXTRA = case $$h in fuzz_reader) echo build/fuzz/seeds/records;; \
	fuzz_data) echo build/fuzz/seeds/data;; esac

fuzz-build:
	$(MAKE) BUILD=build/fuzz/lf-obj ASSERT_FLAGS= CC=clang CFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" \
		$(call FUZZ_OBJS,build/fuzz/lf-obj)
	@mkdir -p build/fuzz/libfuzzer
	for h in $(FUZZ_NAMES); do \
		clang $(ARB_CFLAGS:-DNDEBUG=) $(FUZZ_SAN) -fsanitize=fuzzer $$($(FUZZ_LINK)) \
			-o build/fuzz/libfuzzer/$$h tests/fuzz/$$h.c \
			$(call FUZZ_OBJS,build/fuzz/lf-obj) $(DEP_LIBS) || exit 1; done
	@if command -v afl-clang-fast >/dev/null 2>&1; then \
		$(MAKE) BUILD=build/fuzz/afl-obj ASSERT_FLAGS= CC=afl-clang-fast CFLAGS="-g -O1" \
			$(call FUZZ_OBJS,build/fuzz/afl-obj) && \
		mkdir -p build/fuzz/afl && \
		for h in $(FUZZ_NAMES); do \
			afl-clang-fast $(ARB_CFLAGS:-DNDEBUG=) -g -O1 -fsanitize=fuzzer $$($(FUZZ_LINK)) \
				-o build/fuzz/afl/$$h tests/fuzz/$$h.c \
				$(call FUZZ_OBJS,build/fuzz/afl-obj) $(DEP_LIBS) || exit 1; done; \
	else echo "afl-clang-fast not found (apt-get install afl++): AFL++ builds skipped"; fi

fuzz-seeds:
	@mkdir -p build/fuzz/seeds/records build/fuzz/seeds/data
	find corpus tests/bad -name '*.tgn' -size -64k -exec cp {} build/fuzz/seeds/records/ \;
	cp notation/*/*.yaml build/fuzz/seeds/data/

fuzz: fuzz-build fuzz-seeds
	for h in $(FUZZ_ONLY); do \
		mkdir -p build/fuzz/work/$$h tests/fuzz/seeds/$$h; \
		echo "fuzzing $$h for $(FUZZ_SECONDS) s"; \
		build/fuzz/libfuzzer/$$h -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=30 \
			-rss_limit_mb=4096 -print_final_stats=1 $(if $(filter-out 1,$(FUZZ_JOBS)),-fork=$(FUZZ_JOBS)) \
			-artifact_prefix=build/fuzz/ build/fuzz/work/$$h tests/fuzz/seeds/$$h $$($(FUZZ_EXTRA)) \
			2>build/fuzz/$$h.log || { tail -40 build/fuzz/$$h.log; exit 1; }; \
		grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|(DONE|INITED) +cov:' build/fuzz/$$h.log | tail -3; \
	done

# Minimize each harness's committed seeds together with what `make fuzz`
# found (libFuzzer -merge=1: the fewest, smallest inputs that keep every
# edge reached; -use_counters=0 ignores how often, so the committed seeds
# stay small) and replace tests/fuzz/seeds/HARNESS with them.  Review,
# then commit.
# Seeds over FUZZ_SEED_MAX bytes are then dropped: measured, they add half
# a point of src/ coverage for twice the bytes.  Seeds named hand-* were
# written by hand (whole saves for import, pictures) and regress-* are
# findings fixed: both are kept.
FUZZ_MERGE_FLAGS ?= -use_counters=0
FUZZ_SEED_MAX ?= 3000
fuzz-merge: fuzz-build
	for h in $(FUZZ_ONLY); do \
		rm -rf build/fuzz/merged/$$h && mkdir -p build/fuzz/merged/$$h build/fuzz/work/$$h tests/fuzz/seeds/$$h && \
		build/fuzz/libfuzzer/$$h -merge=1 $(FUZZ_MERGE_FLAGS) -max_len=65536 -timeout=30 -rss_limit_mb=4096 \
			build/fuzz/merged/$$h tests/fuzz/seeds/$$h build/fuzz/work/$$h 2>build/fuzz/$$h-merge.log && \
		find build/fuzz/merged/$$h -type f -size +$(FUZZ_SEED_MAX)c -delete && \
		{ cp tests/fuzz/seeds/$$h/hand-* tests/fuzz/seeds/$$h/regress-* build/fuzz/merged/$$h/ 2>/dev/null || :; } && \
		rm -rf tests/fuzz/seeds/$$h && cp -r build/fuzz/merged/$$h tests/fuzz/seeds/$$h && \
		echo "$$h: $$(ls tests/fuzz/seeds/$$h | wc -l) seeds, $$(cat tests/fuzz/seeds/$$h/* | wc -c) bytes" || exit 1; \
	done

# Line coverage of src/ by the committed seeds and the extra folders
# fuzz-seeds fills from the corpus, tests/bad and the data (FUZZ_COV_WORK=1: and by
# build/fuzz/work too): every harness built with clang's source-based
# coverage and the replay driver, each corpus replayed, the profiles
# merged; prints llvm-cov's table for src/ and the total.  Per-line
# counts: build/fuzz/cov/lines.txt.
LLVM_PROFDATA ?= $(firstword $(wildcard /usr/bin/llvm-profdata-14 /usr/bin/llvm-profdata))
LLVM_COV      ?= $(firstword $(wildcard /usr/bin/llvm-cov-14 /usr/bin/llvm-cov))
FUZZ_COV := -O1 -g -fprofile-instr-generate -fcoverage-mapping
fuzz-coverage: fuzz-seeds
	@test -n "$(LLVM_COV)" && test -n "$(LLVM_PROFDATA)" || \
		{ echo "llvm-cov and llvm-profdata not found (apt-get install llvm)"; exit 2; }
	$(MAKE) BUILD=build/fuzz/cov-obj ASSERT_FLAGS= CC=clang CFLAGS="$(FUZZ_COV)" \
		$(call FUZZ_OBJS,build/fuzz/cov-obj)
	@rm -rf build/fuzz/cov && mkdir -p build/fuzz/cov/prof
	for h in $(FUZZ_NAMES); do \
		clang $(ARB_CFLAGS:-DNDEBUG=) $(FUZZ_COV) -o build/fuzz/cov/$$h tests/fuzz/$$h.c tests/fuzz/replay.c \
			$(call FUZZ_OBJS,build/fuzz/cov-obj) $(DEP_LIBS) || exit 1; \
		dirs=; for d in tests/fuzz/seeds/$$h $$($(FUZZ_EXTRA)) $(if $(FUZZ_COV_WORK),build/fuzz/work/$$h); do \
			[ -d $$d ] && dirs="$$dirs $$d"; done; \
		printf '%s: ' $$h; \
		LLVM_PROFILE_FILE=build/fuzz/cov/prof/$$h-%m.profraw build/fuzz/cov/$$h $$dirs || exit 1; \
	done
	$(LLVM_PROFDATA) merge -sparse -o build/fuzz/cov/all.profdata build/fuzz/cov/prof/*.profraw
	$(LLVM_COV) show -instr-profile=build/fuzz/cov/all.profdata \
		build/fuzz/cov/$(firstword $(FUZZ_NAMES)) \
		$(foreach h,$(wordlist 2,99,$(FUZZ_NAMES)),-object build/fuzz/cov/$(h)) src >build/fuzz/cov/lines.txt
	@$(LLVM_COV) report -instr-profile=build/fuzz/cov/all.profdata \
		build/fuzz/cov/$(firstword $(FUZZ_NAMES)) \
		$(foreach h,$(wordlist 2,99,$(FUZZ_NAMES)),-object build/fuzz/cov/$(h)) src | tee build/fuzz/cov/report.txt | \
		awk '{ print } /^TOTAL/ { line = $$(NF-3) } END { print "src/ line coverage by the fuzz corpus: " line }'

# ThreadSanitizer on the -j paths: a build of its own runs tests/loop-test.sh
# (-j 3 against -j 1 on the corpus, bad input and TSAN_GAMES generated
# games per game), then tests/match-test.sh (match -j 2's threads); a race makes TSan print on stderr and exit 66, so the
# comparison with -j 1 fails.  Not within `make sanitize` (TSan and ASan
# cannot share a binary).
TSAN_FLAGS = -O1 -g -fsanitize=thread
TSAN_GAMES ?= 200
tsan:
	$(MAKE) BUILD=build/tsan ASSERT_FLAGS= CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" build/tsan/arbiter
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" LOOP_GAMES=$(TSAN_GAMES) ARBITER=build/tsan/arbiter \
		sh tests/loop-test.sh >build/tsan/loop.log 2>&1; \
		grep -v '^PASS' build/tsan/loop.log | head -40; \
		echo "tsan: $$(grep -c '^PASS' build/tsan/loop.log) passed, $$(grep -c '^FAIL' build/tsan/loop.log) failed"; \
		! grep -q '^FAIL' build/tsan/loop.log
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" ARBITER=build/tsan/arbiter \
		sh tests/match-test.sh >build/tsan/match.log 2>&1; \
		grep -v '^PASS' build/tsan/match.log | head -40; \
		echo "tsan match: $$(grep -c '^PASS' build/tsan/match.log) passed, $$(grep -c '^FAIL' build/tsan/match.log) failed"; \
		! grep -q '^FAIL' build/tsan/match.log

# Speed and memory, measured (never asserted): see tests/bench/bench.sh.
# A binary of its own, built with DWARF 4 so valgrind 3.19 reads it.
bench:
	$(MAKE) BUILD=build/bench-obj CFLAGS="-O2 -g -gdwarf-4" build/bench-obj/arbiter
	@BUILD=build/bench-obj ARBITER=build/bench-obj/arbiter sh tests/bench/bench.sh
	@BUILD=build/bench-obj ARBITER=build/bench-obj/arbiter sh tests/bench/reader.sh
	@BUILD=build/bench-obj ARBITER=build/bench-obj/arbiter sh tests/bench/threads.sh
	@sh tests/bench/views.sh build/bench-obj/arbiter

# Catan observer records against their full records, for the games #13
# names (4 players, 40 unseen steals, 20 unseen purchases): views.sh;
# Elasund's views of 2, 3 and 4 players: views-elasund.sh.
bench-views:
	$(MAKE) BUILD=build/bench-obj CFLAGS="-O2 -g -gdwarf-4" build/bench-obj/arbiter
	@sh tests/bench/views.sh build/bench-obj/arbiter
	@sh tests/bench/views-elasund.sh build/bench-obj/arbiter

# The referee per action against gen per move: tests/bench/referee.sh.
bench-referee:
	$(MAKE) BUILD=build/bench-obj CFLAGS="-O2 -g -gdwarf-4" build/bench-obj/arbiter
	@sh tests/bench/referee.sh build/bench-obj/arbiter

# A tournament of four `arbiter bot` processes: tests/bench/match.sh.
bench-match:
	$(MAKE) BUILD=build/bench-obj CFLAGS="-O2 -g -gdwarf-4" build/bench-obj/arbiter
	@sh tests/bench/match.sh build/bench-obj/arbiter

# The same harnesses under AFL++ (input on stdin; the AFL builds of
# fuzz-build), FUZZ_SECONDS each, findings under build/fuzz/afl-out.
fuzz-afl: fuzz-build fuzz-seeds
	for h in $(FUZZ_ONLY); do \
		rm -rf build/fuzz/afl-in/$$h && mkdir -p build/fuzz/afl-in/$$h && \
		cp tests/fuzz/seeds/$$h/* $$($(FUZZ_EXTRA) | sed 's|$$|/*|') build/fuzz/afl-in/$$h/ 2>/dev/null; \
		AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
			afl-fuzz -i build/fuzz/afl-in/$$h -o build/fuzz/afl-out/$$h -V $(FUZZ_SECONDS) -- build/fuzz/afl/$$h \
			>build/fuzz/afl-out-$$h.log 2>&1 || exit 1; \
		grep -E 'execs_done|saved_crashes|saved_hangs' build/fuzz/afl-out/$$h/default/fuzzer_stats; done
