"""Loads libweft with Python's ctypes: no headers, no build step. Builds a vector type,
commits it, packs, checks the bytes against NumPy-free expectations, frees it.

    python3 ctypes_test.py <path to libweft.so>
"""
import ctypes
import struct
import sys

lib = ctypes.CDLL(sys.argv[1])
handle = ctypes.c_void_p
i64 = ctypes.c_int64

lib.weft_type_vector.argtypes = [i64, i64, i64, handle, ctypes.POINTER(handle)]
lib.weft_type_commit.argtypes = [handle]
lib.weft_type_size.argtypes = [handle, ctypes.POINTER(i64)]
lib.weft_pack.argtypes = [ctypes.c_void_p, i64, handle, ctypes.c_void_p, i64, ctypes.POINTER(i64)]
lib.weft_type_free.argtypes = [ctypes.POINTER(handle)]
lib.weft_status_name.restype = ctypes.c_char_p
lib.weft_last_error.restype = ctypes.c_char_p

WEFT_INT = handle.in_dll(lib, "WEFT_INT")  # the exported const weft_type global

# vector(3, 2, 4, int): blocks of 2 ints at elements 0, 4, 8
vec = handle()
assert lib.weft_type_vector(3, 2, 4, WEFT_INT, ctypes.byref(vec)) == 0
assert lib.weft_type_commit(vec) == 0
size = i64()
assert lib.weft_type_size(vec, ctypes.byref(size)) == 0 and size.value == 24

data = (ctypes.c_int * 12)(*[100 + i for i in range(12)])
out = ctypes.create_string_buffer(24)
pos = i64(0)
status = lib.weft_pack(data, 1, vec, out, 24, ctypes.byref(pos))
assert status == 0, lib.weft_last_error()
assert pos.value == 24
assert struct.unpack("6i", out.raw) == (100, 101, 104, 105, 108, 109), struct.unpack("6i", out.raw)

# A bad call: the status, its name and the message come back; nothing is written.
bad = handle()
status = lib.weft_type_vector(-1, 2, 4, WEFT_INT, ctypes.byref(bad))
assert lib.weft_status_name(status) == b"WEFT_INVALID_VALUE"
assert b"weft_type_vector" in lib.weft_last_error()
assert bad.value is None

assert lib.weft_type_free(ctypes.byref(vec)) == 0 and vec.value is None
print("ctypes: vector(3,2,4,int) packed through libweft loaded with ctypes: ok")
