// The JIT's compiler driver: C source in, a function of a loaded shared object out.
//
// weft compiles kernels for user-defined operators that come with their C source
// (weft_binary_op_new_source): the operators' definitions pasted into a kernel's loop,
// so the compiler inlines them, as the predefined operators are inlined by templates.
// Everything here is an accelerator: a kernel that cannot be had (the JIT switched off,
// no compiler, a definition that does not compile) is a nullptr, and the caller runs its
// function-pointer path instead, with the same results.
//
// Kernels are kept by their source text: in memory for the process, and on disk in the
// cache folder (one .so per source, named by its hash, the source beside it to confirm
// the match) so the next process loads instead of compiling. A compilation's messages
// are kept beside it (<name>.log) for whoever wrote the definition.
#pragma once
#include <cstdint>
#include <string>

namespace weft::jit {

// Whether kernels are compiled (weft_set_jit; default on, unless WEFT_JIT is "0" or
// "off" in the environment when first asked).
bool enabled();
void set_enabled(bool on);

// The exported function `symbol` of `source` compiled as C (cc -O2 -shared -fPIC, no
// floating-point contraction: the kernel must compute what the function pointers do,
// bit for bit), or nullptr when it cannot be had. Thread-safe; a source is compiled at
// most once per process (also when it fails: the failure is remembered).
//   compiler: $WEFT_JIT_CC, else `cc` on the PATH;
//   cache:    $WEFT_JIT_CACHE, else $XDG_CACHE_HOME/weft/jit, else $HOME/.cache/weft/jit,
//             else a fresh folder under $TMPDIR (or /tmp) for this process.
void *kernel(const std::string &source, const char *symbol);

// Counters for weft_get_stat: kernels compiled (or loaded from the cache folder) and
// sources that failed, in this process; kernel runs are counted by the callers (runs()).
int64_t compiled();
int64_t failed();
int64_t runs();
void count_run();

}  // namespace weft::jit
