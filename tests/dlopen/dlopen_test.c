/* Loads libweft at run time with dlopen/dlsym, as any language with a C FFI would: no
 * weft header, no link-time dependency. Builds vector(4, 2, 3, double), commits it, packs
 * 12 doubles, checks the bytes, reads a status name and the last error, frees.
 *   dlopen_test <path to libweft.so> */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void *handle_t; /* weft_type */
typedef int (*vector_fn)(int64_t, int64_t, int64_t, handle_t, handle_t *);
typedef int (*commit_fn)(handle_t);
typedef int (*pack_fn)(const void *, int64_t, handle_t, void *, int64_t, int64_t *);
typedef int (*free_fn)(handle_t *);
typedef const char *(*name_fn)(int);
typedef const char *(*last_error_fn)(void);

#define SYM(var, type, name)                                        \
  type var = (type)dlsym(lib, name);                                \
  if (!var) {                                                       \
    fprintf(stderr, "dlsym %s: %s\n", name, dlerror());             \
    return 1;                                                       \
  }

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  SYM(vector, vector_fn, "weft_type_vector");
  SYM(commit, commit_fn, "weft_type_commit");
  SYM(pack, pack_fn, "weft_pack");
  SYM(tfree, free_fn, "weft_type_free");
  SYM(status_name, name_fn, "weft_status_name");
  SYM(last_error, last_error_fn, "weft_last_error");
  handle_t *double_handle = (handle_t *)dlsym(lib, "WEFT_DOUBLE"); /* a const weft_type global */
  if (!double_handle) return 1;
  if (dlsym(lib, "_ZN4weft4packERKNS_4TypeEPKvlPvlRl") != NULL) {
    fprintf(stderr, "an internal C++ symbol is exported\n");
    return 1;
  }

  handle_t v = NULL;
  if (vector(4, 2, 3, *double_handle, &v) != 0 || commit(v) != 0) return 1;
  double in[12], out[8];
  for (int i = 0; i < 12; ++i) in[i] = i * 1.5;
  int64_t pos = 0;
  int s = pack(in, 1, v, out, 8 * sizeof(double) - 1, &pos); /* one byte short */
  if (strcmp(status_name(s), "WEFT_INSUFFICIENT_SPACE") != 0 || pos != 0 || strstr(last_error(), "weft_pack") == NULL) {
    fprintf(stderr, "short buffer: got %s, pos %lld, '%s'\n", status_name(s), (long long)pos, last_error());
    return 1;
  }
  if (pack(in, 1, v, out, sizeof out, &pos) != 0 || pos != (int64_t)sizeof out) return 1;
  const int want[8] = {0, 1, 3, 4, 6, 7, 9, 10}; /* blocks of 2 at elements 0, 3, 6, 9 */
  for (int i = 0; i < 8; ++i)
    if (out[i] != in[want[i]]) {
      fprintf(stderr, "byte mismatch at element %d\n", i);
      return 1;
    }
  if (tfree(&v) != 0 || v != NULL) return 1;
  printf("dlopen: vector(4,2,3,double) packed through dlsym'd entry points: ok\n");
  dlclose(lib);
  return 0;
}
