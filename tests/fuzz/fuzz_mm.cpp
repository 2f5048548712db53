// libFuzzer target: weft_matrix_read_mm_buffer on arbitrary text (the reader parses
// outside data). The first byte picks the domain asked for (NULL: the file's, or one of
// the 13 predefined domains); the rest is the text. Checked: every call returns
// WEFT_SUCCESS or WEFT_INVALID_VALUE (WEFT_OUT_OF_MEMORY for sizes beyond the fuzzer's
// memory) with *A untouched on failure and a message naming a line; on success, the
// matrix is well formed (nvals within the shape), its text reads back to a matrix that
// writes the same text again (write -> read -> write is a fixed point).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "weft.h"

namespace {

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, weft_last_error());
  std::abort();
}

std::string text_of(weft_matrix A) {
  int64_t size = -1;
  if (weft_matrix_write_mm_buffer(A, nullptr, 0, &size) != WEFT_INSUFFICIENT_SPACE || size <= 0)
    broken("write_mm_buffer size");
  std::string t(size_t(size), '\0');
  int64_t got = -1;
  if (weft_matrix_write_mm_buffer(A, t.data(), size, &got) != WEFT_SUCCESS || got != size) broken("write_mm_buffer");
  return t;
}

// Whether the text's size line declares more than 2^24 rows or columns. Such a shape is
// valid (weft_matrix_read_mm gives it, or WEFT_OUT_OF_MEMORY beyond half this machine's
// memory), but its row pointers alone can take gigabytes, more than libFuzzer's memory
// limit, which then stops the run as a crash before weft can return: the fuzzer skips them
// (no test asserts the out-of-memory answer for such a file yet).
bool huge_shape(const std::vector<char> &text) {
  size_t at = 0;
  while (at < text.size()) {  // the first line that is not a comment or blank
    size_t end = at;
    while (end < text.size() && text[end] != '\n') ++end;
    if (end > at && text[at] != '%') {
      std::string line(text.data() + at, end - at);
      const char *p = line.c_str();
      for (int k = 0; k < 2; ++k) {
        char *next = nullptr;
        const long long v = std::strtoll(p, &next, 10);
        if (next == p) return false;
        if (v > (1LL << 24)) return true;
        p = next;
      }
      return false;
    }
    at = end + 1;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  const weft_type kTypes[] = {nullptr,     WEFT_BOOL,   WEFT_INT8, WEFT_INT16, WEFT_INT32, WEFT_INT64, WEFT_UINT8,
                              WEFT_UINT16, WEFT_UINT32, WEFT_UINT64, WEFT_FP32, WEFT_FP64, WEFT_FC32,  WEFT_FC64};
  const weft_type type = kTypes[data[0] % (sizeof kTypes / sizeof kTypes[0])];
  // A copy of exactly the text, so ASan sees any read past its end.
  std::vector<char> text(data + 1, data + size);
  if (huge_shape(text)) return 0;
  weft_matrix sentinel = reinterpret_cast<weft_matrix>(uintptr_t(0x5E17F00D)), A = sentinel;
  const weft_status s = weft_matrix_read_mm_buffer(text.data(), int64_t(text.size()), type, &A);
  if (s != WEFT_SUCCESS) {
    if (A != sentinel) broken("*A changed by a failed read");
    if (s == WEFT_OUT_OF_MEMORY) return 0;
    if (s != WEFT_INVALID_VALUE) broken("a status other than WEFT_INVALID_VALUE");
    if (!std::strstr(weft_last_error(), "line ")) broken("the message names no line");
    return 0;
  }
  int64_t nrows = 0, ncols = 0, nvals = -1;
  if (weft_matrix_nrows(A, &nrows) || weft_matrix_ncols(A, &ncols) || weft_matrix_nvals(A, &nvals)) broken("queries");
  if (nrows < 1 || ncols < 1 || nvals < 0 || (nvals > 0 && double(nvals) > double(nrows) * double(ncols)))
    broken("shape");
  // Large shapes are accepted but not written back (the text is O(nvals), fine; the
  // transpose for the symmetry check is O(nrows)).
  if (nrows <= (1 << 20) && ncols <= (1 << 20)) {
    const std::string t1 = text_of(A);
    weft_matrix B = nullptr;
    if (weft_matrix_read_mm_buffer(t1.data(), int64_t(t1.size()), nullptr, &B) != WEFT_SUCCESS) broken("read back");
    int64_t nb = -1;
    if (weft_matrix_nvals(B, &nb) || nb != nvals) broken("entries read back");
    if (text_of(B) != t1) broken("write -> read -> write is not a fixed point");
    weft_matrix_free(&B);
  }
  weft_matrix_free(&A);
  return 0;
}
