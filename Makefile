# Conveniences over scripts/: the scripts are the source of truth (README.md).
PREFIX ?= /usr/local
# DESTDIR stages an install for a package: make install DESTDIR=/tmp/pkg PREFIX=/usr
DESTDIR ?=

.PHONY: demo test bench install uninstall library clean

demo:
	scripts/demo.sh

test:
	scripts/test.sh

bench:
	scripts/bench.sh

library:
	scripts/build-library.sh

install:
	DESTDIR="$(DESTDIR)" scripts/install.sh "$(PREFIX)"

uninstall:
	DESTDIR="$(DESTDIR)" scripts/uninstall.sh "$(PREFIX)"

# Every build output: the scripts' scratch directories (.build-*), the C programs, the Python binding's build and its
# speedups module built in place. Tool caches (.ruff_cache, .mypy_cache) stay.
clean:
	rm -rf build .build .build-* Tests/c/out examples/c/out bindings/python/build bindings/python/dist \
		bindings/python/navrouter.egg-info bindings/python/navrouter/_speedups*.so
