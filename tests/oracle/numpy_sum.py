#!/usr/bin/python3
"""NumPy oracle for the order of weft's floating-point PLUS reductions.

Usage: numpy_sum.py <folder>. Writes the rows of a matrix into <folder>:
  lengths.i64   int64 row lengths (some 0)
  values.f64    the float64 values, rows one after another
and prints on stdout what np.add.reduce gives for each row and for all the values, as
Python's float.hex():
  ROW <kind> <row> <hex>     a row's sum (rows of length 0 are left out)
  ALL <kind> <hex>           the sum of every value, rows in order
kind: f64 (the float64 values), f32 (the values cast to float32, summed in float32),
f32to64 (the float32 values cast back to float64, summed in float64).
Nothing here calls weft.
"""
import os
import sys

import numpy as np

folder = sys.argv[1]
rng = np.random.default_rng(20261206)
# Short rows (left to right and one block of eight sums), the pairwise split points around
# 128, and rows longer than NumPy's 8192-value buffer.
lengths = list(range(0, 41)) + [63, 64, 65, 127, 128, 129, 130, 200, 257, 1000, 4096,
                                 8191, 8192, 8193, 9000, 16385, 20000, 70001, 0, 3]
n = sum(lengths)
# Magnitudes over twelve decades and both signs: every change of order shows in the bits.
values = rng.standard_normal(n) * 10.0 ** rng.uniform(-6, 6, n)
np.asarray(lengths, dtype=np.int64).tofile(os.path.join(folder, "lengths.i64"))
values.astype(np.float64).tofile(os.path.join(folder, "values.f64"))

kinds = {
    "f64": values,
    "f32": values.astype(np.float32),
    "f32to64": values.astype(np.float32).astype(np.float64),
}
out = []
for kind, v in kinds.items():
    at = 0
    for i, length in enumerate(lengths):
        if length:
            out.append("ROW %s %d %s" % (kind, i, float(np.add.reduce(v[at:at + length])).hex()))
        at += length
    out.append("ALL %s %s" % (kind, float(np.add.reduce(v)).hex()))
print("\n".join(out))
