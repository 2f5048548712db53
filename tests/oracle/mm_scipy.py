#!/usr/bin/python3
"""Independent reading of Matrix Market files for test_matrix_market: SciPy's mmread.

For each file named on the command line, in order, prints "<nrows> <ncols> <count> <kind>" (kind: real, integer or complex), then one line
per entry, "i j value" with 0-based indices in row-major order; a real value is
repr(float) (the shortest text that reads back as the same double), a complex one
"re im". SciPy expands symmetric, skew-symmetric and hermitian files and gives array
files as dense arrays: every position is then an entry, zeros included, as weft reads
them.
"""
import sys

import numpy as np
import scipy.io


def main(path):
    m = scipy.io.mmread(path)
    if isinstance(m, np.ndarray):
        rows, cols = np.nonzero(np.ones(m.shape, dtype=bool))
        vals = m[rows, cols]
    else:
        m = m.tocoo()
        order = np.lexsort((m.col, m.row))
        rows, cols, vals = m.row[order], m.col[order], m.data[order]
    kind = "complex" if np.iscomplexobj(vals) else "integer" if vals.dtype.kind in "iu" else "real"
    out = ["%d %d %d %s" % (m.shape[0], m.shape[1], len(vals), kind)]
    for i, j, v in zip(rows, cols, vals):
        if kind == "complex":
            out.append("%d %d %r %r" % (i, j, float(v.real), float(v.imag)))
        elif kind == "integer":
            out.append("%d %d %d" % (i, j, int(v)))
        else:
            out.append("%d %d %r" % (i, j, float(v)))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    for path in sys.argv[1:]:
        main(path)
