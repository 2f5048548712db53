// extract_tuples: the entries in row-major order, values cast to the caller's type.
#include "compatible.hpp"
#include "operations.hpp"

namespace weft {

void extract_tuples(Matrix &A, int64_t *I, int64_t *J, void *X, const Type *xtype) {
  if (X) check_domain(*xtype, *A.type, "the collection's values into X");
  const Csr &a = A.ready();
  const Cast cast = X ? make_cast(*xtype, *a.type) : Cast{};
  const int64_t stride = X ? element_size(*xtype) : 0;
  char *x = static_cast<char *>(X);
  for (int64_t i = 0; i < a.nrows; ++i)
    for (int64_t k = a.row_begin(i); k < a.row_end(i); ++k) {
      if (I) I[k] = i;
      if (J) J[k] = a.j[size_t(k)];
      if (x) cast(x + k * stride, a.val(k));
    }
}

}  // namespace weft
