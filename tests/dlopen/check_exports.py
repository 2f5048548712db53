#!/usr/bin/env python3
"""What each weft library exports (nm -D): only the public ABI, weft_* and WEFT_* in the
version node WEFT_0, and the private ABI between weft's libraries, weft__* in
WEFT_PRIVATE_0 (core/support/private_abi.hpp) -- which only libweft defines.

usage: check_exports.py <libweft.so> [<libweft_mpi.so> ...]"""
import re
import subprocess
import sys

PUBLIC = re.compile(r"^(weft_[a-z0-9]\w*|WEFT_\w+)@@WEFT_0$")
PRIVATE = re.compile(r"^weft__\w+@@WEFT_PRIVATE_0$")
problems = []
for i, lib in enumerate(sys.argv[1:]):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
    public = private = 0
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[1] == "A":  # the version nodes themselves
            continue
        name = parts[2]
        if PUBLIC.match(name):
            public += 1
        elif PRIVATE.match(name) and i == 0:
            private += 1
        else:
            problems.append(f"{lib}: exports {name}")
    print(f"{lib}: {public} public, {private} private symbols")
    if i == 0 and private == 0:
        problems.append(f"{lib}: the private weft__ ABI is missing")
for p in problems:
    print("exports:", p)
sys.exit(1 if problems else 0)
