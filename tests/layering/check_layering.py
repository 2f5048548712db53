#!/usr/bin/env python3
"""The layering rules, checked on the source tree (ctest: layering.*).

mpi/   libweft_mpi is a client of libweft: it may include the public headers (weft.h,
       weft_mpi.h), the support layer (core/support), the header-only shared pieces
       listed in SHARED below, system headers and its own files -- never libweft's
       internals (core/types, core/algebra's objects, capi's argument checks), which
       belong to another shared library.
core/  exposes C++ only: no extern "C" definition except the private weft__ ABI in
       core/support (the public entry points live in capi/).

usage: check_layering.py <source root>
"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
PUBLIC = {"weft.h", "weft_mpi.h"}
SHARED = {"capi/guard.hpp", "capi/handles.hpp", "core/algebra/ops.hpp"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
problems = []


def rel(path):
    return os.path.relpath(path, root)


def allowed_for_mpi(target):
    r = rel(target)
    return r.startswith("mpi/") or r.startswith("core/support/") or r in SHARED


def check_includes(path, seen):
    """Every quoted include of path (and, transitively, of the shared headers)."""
    if path in seen:
        return
    seen.add(path)
    text = open(path, encoding="utf-8").read()
    for name in INCLUDE.findall(text):
        target = os.path.normpath(os.path.join(os.path.dirname(path), name))
        if not os.path.exists(target):
            if name in PUBLIC:
                continue
            problems.append(f"{rel(path)}: includes \"{name}\", which is neither a file nor a public header")
            continue
        if not allowed_for_mpi(target):
            problems.append(f"{rel(path)}: includes {rel(target)}, an internal of libweft")
            continue
        check_includes(target, seen)


seen = set()
for folder, _, files in os.walk(os.path.join(root, "mpi")):
    for f in sorted(files):
        if f.endswith((".cpp", ".hpp", ".h", ".c")):
            check_includes(os.path.join(folder, f), seen)

EXTERN_C = re.compile(r'extern\s+"C"')
for folder, _, files in os.walk(os.path.join(root, "core")):
    for f in sorted(files):
        path = os.path.join(folder, f)
        if not f.endswith((".cpp", ".hpp")):
            continue
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            if EXTERN_C.search(line):
                private = rel(path).startswith("core/support/") and (
                    "weft__" in line or line.strip() in ('extern "C" {',))
                if not private:
                    problems.append(f"{rel(path)}:{n}: extern \"C\" in core (entry points belong in capi/)")

for p in problems:
    print("layering:", p)
print(f"layering: {len(seen)} files of mpi/ and what they include checked; {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
