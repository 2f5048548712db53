#!/usr/bin/python3
"""NumPy oracle for weft_type_struct_aligned.

Generates random field lists from a fixed seed, builds np.dtype(fields, align=True) for
each, and prints the expected layout on stdout in a line format that
numpy_aligned.cpp reads:

  CASE <id> <nfields>
  F B <WEFT_BASIC_NAME> <blocklen>     field of a basic type
  F S <case id> <blocklen>             field of an earlier case's aligned struct
  EXPECT <itemsize> <alignment> <datasize> <offset_0> ... <offset_{n-1}>
  FLAT <n> <WEFT_NAME> <disp> ...      the flattened basic entries in field order
  END

datasize is the number of data bytes (no padding). Nothing here calls weft.
"""
import random
import sys

import numpy as np

# (NumPy type code, weft predefined name). Sizes/alignments are whatever NumPy says.
BASIC = [
    ("i1", "INT8"), ("u1", "UINT8"), ("i2", "INT16"), ("u2", "UINT16"),
    ("i4", "INT32"), ("u4", "UINT32"), ("i8", "INT64"), ("u8", "UINT64"),
    ("f4", "FLOAT"), ("f8", "DOUBLE"), ("c8", "C_FLOAT_COMPLEX"),
    ("c16", "C_DOUBLE_COMPLEX"), ("g", "LONG_DOUBLE"), ("?", "BOOL"),
    ("b", "SIGNED_CHAR"), ("B", "UNSIGNED_CHAR"), ("h", "SHORT"),
    ("H", "UNSIGNED_SHORT"), ("i", "INT"), ("I", "UNSIGNED"), ("l", "LONG"),
    ("L", "UNSIGNED_LONG"), ("q", "LONG_LONG"), ("Q", "UNSIGNED_LONG_LONG"),
]

NCASES = 80


def main():
    if np.dtype("g").itemsize != 16:
        sys.exit("this oracle expects x86_64 long double (16 bytes)")
    rng = random.Random(0x0A11C0DE)
    dtypes = {}    # case id -> aligned dtype
    flats = {}     # case id -> [(weft name, disp)] of one element
    datasize = {}  # case id -> data bytes
    out = []
    for cid in range(NCASES):
        nf = rng.randint(1, 8)
        fields, lines, flat, dsize = [], [], [], 0
        for i in range(nf):
            bl = 1 if rng.random() < 0.65 else rng.randint(2, 4)
            nested = [c for c in dtypes if dtypes[c] is not None]
            if nested and rng.random() < 0.18:
                sub = rng.choice(nested)
                dt = dtypes[sub]
                lines.append("F S %d %d" % (sub, bl))
                kind = ("S", sub)
            else:
                code, wname = rng.choice(BASIC)
                dt = np.dtype(code)
                lines.append("F B %s %d" % (wname, bl))
                kind = ("B", wname)
            name = "f%d" % i
            fields.append((name, dt) if bl == 1 else (name, dt, (bl,)))
            fields_kind = kind
            # remember for flattening once offsets are known
            lines[-1] = (lines[-1], fields_kind, bl, dt)
        d = np.dtype(fields, align=True)
        offsets = [d.fields["f%d" % i][1] for i in range(nf)]
        for i, (text, kind, bl, dt) in enumerate(lines):
            for j in range(bl):
                base = offsets[i] + j * dt.itemsize
                if kind[0] == "B":
                    flat.append((kind[1], base))
                    dsize += dt.itemsize
                else:
                    flat.extend((w, base + o) for (w, o) in flats[kind[1]])
                    dsize += datasize[kind[1]]
        dtypes[cid], flats[cid], datasize[cid] = d, flat, dsize
        out.append("CASE %d %d" % (cid, nf))
        out.extend(text for (text, _, _, _) in lines)
        out.append("EXPECT %d %d %d %s" % (d.itemsize, d.alignment, dsize,
                                             " ".join(str(o) for o in offsets)))
        out.append("FLAT %d %s" % (len(flat), " ".join("%s %d" % e for e in flat)))
        out.append("END")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
