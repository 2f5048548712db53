// In libweft_mpi, errors go to libweft's thread-local last error.
#include "../core/support/error.hpp"

namespace weft {
void set_last_error(const char *where, const char *message) { weft_internal_set_last_error(where, message); }
}  // namespace weft
