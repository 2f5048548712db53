#!/usr/bin/env python3
"""Drift check of module weft against the C headers (the lists are expanded by the C
preprocessor):

weft.h and weft/algebra.h: every function and predefined handle has a bind(C) interface
or variable in bindings/fortran and is public in module weft under its C name; the public
statements of weft_algebra_names.inc follow the header's X-macro lists in order.

weft/sparse.h: every function has a bind(C) interface and is reached from module weft
through the Fortran name FORTRAN_NAME gives it (the binding folds C's per-object and
per-operator names into generics: weft_matrix_apply_first is weft_apply): that name is
public in module weft, and the procedure that calls c_<function> is that name or one of
its generic's specifics. A function may instead be listed in UNBOUND with the reason.
The predefined descriptors are bound and public, in the header's order in
weft_sparse_names.inc; the enumerations' constants have the header's values in
weft_constants.f90 and are public; the other C globals are bound (REPRESENTED says how
Fortran spells them).

weft/graph.h: every function has a bind(C) interface and is reached from module weft
under its C name (one procedure per algorithm, no generics), as above: the name is
public and its procedure calls c_<function>. The enumerations' constants have the
header's values in weft_graph.f90 and are public.

usage: check_header_coverage.py <C compiler> <capi/include> <bindings/fortran>"""
import glob
import os
import re
import subprocess
import sys
import tempfile

cc, include, fdir = sys.argv[1:4]

# weft/sparse.h function -> the public Fortran name that reaches it.
FORTRAN_NAME = {
    # context and descriptors
    "weft_init": "weft_init", "weft_finalize": "weft_finalize", "weft_get_mode": "weft_get_mode",
    "weft_set_threads": "weft_set_threads", "weft_get_threads": "weft_get_threads",
    "weft_get_stat": "weft_get_stat",
    "weft_descriptor_new": "weft_descriptor_new", "weft_descriptor_set": "weft_descriptor_set",
    "weft_descriptor_get": "weft_descriptor_get", "weft_descriptor_free": "weft_free",
    # constructors keep their C names (their arguments differ per object)
    "weft_scalar_new": "weft_scalar_new", "weft_vector_new": "weft_vector_new",
    "weft_matrix_new": "weft_matrix_new", "weft_matrix_diag": "weft_matrix_diag",
    # matrix-only functions keep their C names too
    "weft_matrix_import": "weft_matrix_import", "weft_matrix_export": "weft_matrix_export",
    "weft_matrix_export_size": "weft_matrix_export_size",
    "weft_matrix_serialize_size": "weft_matrix_serialize_size",
    "weft_matrix_serialize": "weft_matrix_serialize",
    "weft_matrix_deserialize": "weft_matrix_deserialize",
    "weft_matrix_read_mm": "weft_matrix_read_mm",
    "weft_matrix_read_mm_buffer": "weft_matrix_read_mm_buffer",
    "weft_matrix_write_mm": "weft_matrix_write_mm",
    "weft_matrix_write_mm_buffer": "weft_matrix_write_mm_buffer",
    "weft_matrix_nrows": "weft_nrows", "weft_matrix_ncols": "weft_ncols",
    "weft_vector_size": "weft_size",
    # operations whose C name has no object in it
    "weft_mxm": "weft_mxm", "weft_mxv": "weft_mxv", "weft_vxm": "weft_vxm",
    "weft_transpose": "weft_transpose", "weft_kronecker": "weft_kronecker",
    "weft_col_extract": "weft_col_extract", "weft_col_assign": "weft_col_assign",
    "weft_row_assign": "weft_row_assign", "weft_matrix_subassign": "weft_subassign",
}
# One generic per object-qualified family: weft_<object>_<what> -> weft_<generic>.
FAMILIES = {
    "dup": "weft_dup", "clear": "weft_clear", "nvals": "weft_nvals", "iso": "weft_iso", "type": "weft_domain",
    "wait": "weft_wait", "error": "weft_error", "free": "weft_free", "resize": "weft_resize",
    "set_element": "weft_set_element", "extract_element": "weft_extract_element",
    "remove_element": "weft_remove_element", "build": "weft_build",
    "extract_tuples": "weft_extract_tuples", "ewise_add": "weft_ewise_add",
    "ewise_mult": "weft_ewise_mult", "ewise_union": "weft_ewise_union", "apply": "weft_apply",
    "apply_first": "weft_apply", "apply_second": "weft_apply", "apply_index": "weft_apply",
    "select": "weft_select", "reduce": "weft_reduce", "reduce_scalar": "weft_reduce",
    "extract": "weft_extract", "assign": "weft_assign", "assign_scalar": "weft_assign",
}
for obj in ("scalar", "vector", "matrix"):
    for what, generic in FAMILIES.items():
        FORTRAN_NAME.setdefault(f"weft_{obj}_{what}", generic)
# weft/sparse.h functions deliberately not bound: name -> reason. (None today.)
UNBOUND = {}
# C globals of weft/sparse.h that Fortran spells differently: name -> how.
REPRESENTED = {"WEFT_ALL": "an absent index list (I or J) of extract/assign"}

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
#define D1(n) @D WEFT_DESC_##n
WEFT_PREDEFINED_LIST(T1)
WEFT_PREDEFINED_UNARY_OPS(U2) @U WEFT_LNOT
WEFT_PREDEFINED_BINARY_OPS(B2) WEFT_PREDEFINED_BOOL_BINARY_OPS(B1)
WEFT_PREDEFINED_INDEX_UNARY_OPS(I2) WEFT_PREDEFINED_POSITIONAL_OPS(I1)
WEFT_PREDEFINED_MONOIDS(M2)
WEFT_PREDEFINED_SEMIRINGS(S2)
WEFT_PREDEFINED_DESCRIPTORS(D1)
"""
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "lists.c")
    with open(src, "w") as f:
        f.write(SNIPPET)
    out = subprocess.run([cc, "-E", "-P", "-I", include, src], check=True, capture_output=True,
                         text=True).stdout
lists = [piece.split()[:2] for piece in out.split("@")[1:]]
descriptors = [name for kind, name in lists if kind == "D"]


def header(name):
    with open(os.path.join(include, name)) as f:
        return f.read()


functions, handles = [], [name for kind, name in lists if kind != "D"]
for h in ("weft.h", "weft/algebra.h"):
    text = header(h)
    functions += re.findall(r"WEFT_API[^;(]*?\b(weft_\w+)\s*\(", text)
    handles += re.findall(r"^extern WEFT_API const \w+ (WEFT_\w+);", text, re.M)
sparse = header("weft/sparse.h")
sparse_functions = re.findall(r"WEFT_API[^;(]*?\b(weft_\w+)\s*\(", sparse)
sparse_globals = re.findall(r"^extern WEFT_API const [\w ]+\*\s*const (WEFT_\w+);", sparse, re.M)


def enum_values(text):
    values = {}
    for body in re.findall(r"enum weft_\w+\s*\{([^}]*)\}", text):
        body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
        for name, value in re.findall(r"(WEFT_\w+)\s*=\s*(\d+)", body):
            values[name] = int(value)
    return values


enums = enum_values(sparse)
graph = header("weft/graph.h")
graph_functions = re.findall(r"WEFT_API[^;(]*?\b(weft_\w+)\s*\(", graph)
graph_enums = enum_values(graph)
FORTRAN_NAME.update((fn, fn) for fn in graph_functions)

code = lambda text: re.sub(r"!.*", "", text)
sources = {p: open(p).read() for p in glob.glob(os.path.join(fdir, "*.f90"))}
bound = set()
for text in sources.values():
    bound.update(re.findall(r'bind\(C, name="(\w+)"\)', text))
weft_f90 = sources[os.path.join(fdir, "weft.f90")]
with open(os.path.join(fdir, "weft_algebra_names.inc")) as f:
    names_inc = f.read()
with open(os.path.join(fdir, "weft_sparse_names.inc")) as f:
    sparse_inc = f.read()
public = set()
for stmt in re.findall(r"public\s*::((?:[^\n]*&\s*\n)*[^\n]*)",
                       code(weft_f90) + code(names_inc) + code(sparse_inc)):
    public.update(n.strip().upper() for n in stmt.replace("&", " ").split(",") if n.strip())

# Which procedure calls each c_<function>, and the specifics of every generic.
callers, specifics = {}, {}
for path, text in sources.items():
    if path.endswith("_c_api.f90"):
        continue
    current = None
    for line in code(text).splitlines():
        m = re.match(r"\s*(?:[\w(), ]*\s)?(?:subroutine|function)\s+(\w+)", line, re.I)
        if m and not re.match(r"\s*end\b", line, re.I):
            current = m.group(1).lower()
            continue  # a declaration, not a call (weft_graph.f90 declares its interfaces)
        # A call, or the C function handed to a helper (weft_get_int_(c_weft_get_mode, ...)).
        for c in re.findall(r"\bc_(weft_\w+)\s*[(,)]", line):
            callers.setdefault(c, set()).add(current)
    joined = re.sub(r"&\s*\n\s*", " ", code(text))
    for name, procs in re.findall(r"interface\s+(\w+)\s*\n\s*module procedure\s+([^\n]*)", joined):
        specifics.setdefault(name.lower(), set()).update(p.strip().lower()
                                                         for p in procs.split(","))

everything = functions + handles
problems = [f"{n}: no bind(C) declaration in {fdir}" for n in everything if n not in bound]
problems += [f"{n}: not public in module weft" for n in everything if n.upper() not in public]
inc_order = re.findall(r"\bWEFT_\w+", code(names_inc))
algebra = [name for kind, name in lists if kind not in ("T", "D")]
if inc_order != algebra:
    problems.append("weft_algebra_names.inc does not list the header's algebra handles in order")

for fn in sparse_functions + graph_functions:
    if fn in UNBOUND:
        continue
    fname = FORTRAN_NAME.get(fn)
    if fname is None:
        problems.append(f"{fn}: neither in FORTRAN_NAME nor in UNBOUND (bind it or say why not)")
        continue
    if fn not in bound:
        problems.append(f"{fn}: no bind(C) declaration in {fdir}")
    if fname.upper() not in public:
        problems.append(f"{fn}: its Fortran name {fname} is not public in module weft")
    reach = {fname} | specifics.get(fname, set())
    if not callers.get(fn, set()) & reach:
        problems.append(f"{fn}: c_{fn} is not called by {fname} or one of its specifics "
                        f"(called by: {sorted(p for p in callers.get(fn, set()) if p)})")
problems += [f"{d}: no bind(C) declaration" for d in descriptors if d not in bound]
problems += [f"{d}: not public in module weft" for d in descriptors if d.upper() not in public]
desc_order = [n for n in re.findall(r"\bWEFT_DESC_\w+", code(sparse_inc))]
if desc_order != descriptors:
    problems.append("weft_sparse_names.inc does not list the predefined descriptors in order")
for where, values in (("weft_constants.f90", enums), ("weft_graph.f90", graph_enums)):
    constants = code(sources.get(os.path.join(fdir, where), ""))
    for name, value in values.items():
        m = re.search(rf"::\s*{name}\s*=\s*(\d+)\b", constants)
        if not m or int(m.group(1)) != value:
            problems.append(f"{name}: not = {value} in {where}")
        if name.upper() not in public:
            problems.append(f"{name}: not public in module weft")
for g in sparse_globals:
    if g not in bound:
        problems.append(f"{g}: no bind(C) declaration")
    if g not in REPRESENTED and g.upper() not in public:
        problems.append(f"{g}: neither public nor in REPRESENTED")
for p in problems:
    print("header coverage:", p)
print(f"{len(functions)} functions, {len(handles)} handles of weft.h/algebra.h; "
      f"{len(sparse_functions)} functions ({len(UNBOUND)} unbound), {len(descriptors)} "
      f"descriptors, {len(enums)} constants, {len(sparse_globals)} globals of sparse.h; "
      f"{len(graph_functions)} functions, {len(graph_enums)} constants of graph.h checked")
sys.exit(1 if problems else 0)
