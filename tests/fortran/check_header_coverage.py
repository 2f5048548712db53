#!/usr/bin/env python3
"""Drift check of module weft against the C headers: every function and every
predefined handle that weft.h and weft/algebra.h declare (weft/sparse.h is not bound
yet) has a bind(C) interface or variable in bindings/fortran and is public in module
weft under its C name (the routine of the same name, the handle itself); the public
statements of weft_algebra_names.inc follow the header's X-macro lists in order. The
lists are expanded by the C preprocessor.

usage: check_header_coverage.py <C compiler> <capi/include> <bindings/fortran>"""
import glob
import os
import re
import subprocess
import sys
import tempfile

cc, include, fdir = sys.argv[1:4]

# Each marker macro writes "@<kind> <C name>", pasted as the header's declarations paste it.
SNIPPET = r"""#include "weft.h"
#define T1(n) @T WEFT_##n
#define U2(op, t) @U WEFT_##op##_##t
#define B1(op) @B WEFT_##op
#define B2(op, t) @B WEFT_##op##_##t
#define I1(op) @I WEFT_##op
#define I2(op, t) @I WEFT_##op##_##t
#define M2(op, t) @M WEFT_##op##_MONOID_##t
#define S2(n, t) @S WEFT_##n##_SEMIRING_##t
WEFT_PREDEFINED_LIST(T1)
WEFT_PREDEFINED_UNARY_OPS(U2) @U WEFT_LNOT
WEFT_PREDEFINED_BINARY_OPS(B2) WEFT_PREDEFINED_BOOL_BINARY_OPS(B1)
WEFT_PREDEFINED_INDEX_UNARY_OPS(I2) WEFT_PREDEFINED_POSITIONAL_OPS(I1)
WEFT_PREDEFINED_MONOIDS(M2)
WEFT_PREDEFINED_SEMIRINGS(S2)
"""
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "lists.c")
    with open(src, "w") as f:
        f.write(SNIPPET)
    out = subprocess.run([cc, "-E", "-P", "-I", include, src], check=True, capture_output=True,
                         text=True).stdout
lists = [piece.split()[:2] for piece in out.split("@")[1:]]

functions, handles = [], [name for _, name in lists]
for header in ("weft.h", "weft/algebra.h"):
    with open(os.path.join(include, header)) as f:
        text = f.read()
    functions += re.findall(r"WEFT_API[^;(]*?\b(weft_\w+)\s*\(", text)
    handles += re.findall(r"^extern WEFT_API const \w+ (WEFT_\w+);", text, re.M)

sources = {p: open(p).read() for p in glob.glob(os.path.join(fdir, "*.f90"))}
bound = set()
for text in sources.values():
    bound.update(re.findall(r'bind\(C, name="(\w+)"\)', text))
weft_f90 = sources[os.path.join(fdir, "weft.f90")]
with open(os.path.join(fdir, "weft_algebra_names.inc")) as f:
    names_inc = f.read()
code = lambda text: re.sub(r"!.*", "", text)
public = set()
for stmt in re.findall(r"public\s*::((?:[^\n]*&\s*\n)*[^\n]*)", code(weft_f90) + code(names_inc)):
    public.update(n.strip().upper() for n in stmt.replace("&", " ").split(",") if n.strip())

problems = [f"{n}: no bind(C) declaration in {fdir}" for n in functions + handles if n not in bound]
problems += [f"{n}: not public in module weft" for n in functions + handles if n.upper() not in public]
inc_order = re.findall(r"\bWEFT_\w+", code(names_inc))
algebra = [name for kind, name in lists if kind != "T"]
if inc_order != algebra:
    problems.append("weft_algebra_names.inc does not list the header's algebra handles in order")
for p in problems:
    print("header coverage:", p)
print(f"{len(functions)} functions, {len(handles)} handles checked")
sys.exit(1 if problems else 0)
