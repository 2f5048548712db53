// type_builders.hpp — one vocabulary of type constructors, two engines.
//
// Every benchmark case describes its datatypes once, as a generic function of a
// "builder" (see ddt_cases.hpp). WeftBuilder turns the calls into weft_type_* calls,
// MpiBuilder into MPI_Type_* calls of whichever MPI this translation unit is compiled
// against (Open MPI for bench_pack_openmpi, MPICH for bench_pack_mpich). Because the same
// generic code drives both, the two engines always receive the same construction: same
// constructors, same nesting, same counts, strides and displacements.
//
// Builders own every type they create; intermediates are freed by release_intermediates()
// after the final types are committed (both engines must keep them alive internally),
// the committed ones by the destructor.
#pragma once

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

// The C API only: never the deprecated C++ bindings (they need libmpi_cxx).
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>
#include <weft.h>

namespace bench {

// A failed library call inside a case: the case is reported and skipped.
struct CaseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void weft_check(weft_status st, const char *what) {
  if (st != WEFT_SUCCESS) {
    throw CaseError(std::string(what) + " -> " + weft_status_name(st) + " (" + weft_last_error() +
                    ")");
  }
}

inline void mpi_check(int rc, const char *what) {
  if (rc != MPI_SUCCESS) {
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    throw CaseError(std::string(what) + " -> MPI error " + std::to_string(rc) + " (" +
                    std::string(msg, static_cast<size_t>(len)) + ")");
  }
}

// Every MPI count argument is an int; the cases are sized to fit, this makes sure.
inline int to_int(int64_t v) {
  if (v < INT_MIN || v > INT_MAX) throw CaseError("value " + std::to_string(v) + " does not fit an MPI int");
  return static_cast<int>(v);
}

class WeftBuilder {
 public:
  using T = weft_type;
  static constexpr const char *engine = "weft";

  WeftBuilder() = default;
  WeftBuilder(const WeftBuilder &) = delete;
  WeftBuilder &operator=(const WeftBuilder &) = delete;
  ~WeftBuilder() { free_all(); }

  T f32() const { return WEFT_FLOAT; }
  T f64() const { return WEFT_DOUBLE; }

  T contiguous(int64_t n, T old) {
    T t = nullptr;
    weft_check(weft_type_contiguous(n, old, &t), "weft_type_contiguous");
    return keep(t);
  }
  T vector(int64_t n, int64_t blocklen, int64_t stride, T old) {
    T t = nullptr;
    weft_check(weft_type_vector(n, blocklen, stride, old, &t), "weft_type_vector");
    return keep(t);
  }
  T hvector(int64_t n, int64_t blocklen, intptr_t stride_bytes, T old) {
    T t = nullptr;
    weft_check(weft_type_hvector(n, blocklen, stride_bytes, old, &t), "weft_type_hvector");
    return keep(t);
  }
  T indexed(const std::vector<int64_t> &blocklens, const std::vector<int64_t> &displs, T old) {
    T t = nullptr;
    weft_check(weft_type_indexed(static_cast<int64_t>(blocklens.size()), blocklens.data(),
                                 displs.data(), old, &t),
               "weft_type_indexed");
    return keep(t);
  }
  T indexed_block(int64_t blocklen, const std::vector<int64_t> &displs, T old) {
    T t = nullptr;
    weft_check(weft_type_indexed_block(static_cast<int64_t>(displs.size()), blocklen, displs.data(),
                                       old, &t),
               "weft_type_indexed_block");
    return keep(t);
  }
  T structure(const std::vector<int64_t> &blocklens, const std::vector<intptr_t> &displs,
              const std::vector<T> &types) {
    std::vector<weft_aint> d(displs.begin(), displs.end());
    T t = nullptr;
    weft_check(weft_type_struct(static_cast<int64_t>(blocklens.size()), blocklens.data(), d.data(),
                                types.data(), &t),
               "weft_type_struct");
    return keep(t);
  }
  // C order subarray (all DDTBench uses).
  T subarray_c(const std::vector<int64_t> &sizes, const std::vector<int64_t> &subsizes,
               const std::vector<int64_t> &starts, T old) {
    T t = nullptr;
    weft_check(weft_type_subarray(static_cast<int>(sizes.size()), sizes.data(), subsizes.data(),
                                  starts.data(), WEFT_ORDER_C, old, &t),
               "weft_type_subarray");
    return keep(t);
  }
  T resized(T old, intptr_t lb, intptr_t extent) {
    T t = nullptr;
    weft_check(weft_type_resized(old, lb, extent, &t), "weft_type_resized");
    return keep(t);
  }
  intptr_t address(const void *p) {
    weft_aint a = 0;
    weft_check(weft_address(p, &a), "weft_address");
    return a;
  }
  void commit(T t) {
    weft_check(weft_type_commit(t), "weft_type_commit");
    committed_.push_back(t);
  }
  int64_t size(T t) {
    int64_t s = 0;
    weft_check(weft_type_size(t, &s), "weft_type_size");
    return s;
  }
  // Frees every created type that was not committed.
  void release_intermediates() {
    for (T &t : created_) {
      if (t != nullptr && !is_committed(t)) weft_check(weft_type_free(&t), "weft_type_free");
    }
  }
  void free_all() {
    for (T &t : created_) {
      if (t != nullptr) weft_type_free(&t);
    }
    created_.clear();
    committed_.clear();
  }

 private:
  T keep(T t) {
    created_.push_back(t);
    return t;
  }
  bool is_committed(T t) const {
    for (T c : committed_)
      if (c == t) return true;
    return false;
  }
  std::vector<T> created_;
  std::vector<T> committed_;
};

class MpiBuilder {
 public:
  using T = MPI_Datatype;
  static constexpr const char *engine = "MPI";

  MpiBuilder() = default;
  MpiBuilder(const MpiBuilder &) = delete;
  MpiBuilder &operator=(const MpiBuilder &) = delete;
  ~MpiBuilder() { free_all(); }

  T f32() const { return MPI_FLOAT; }
  T f64() const { return MPI_DOUBLE; }

  T contiguous(int64_t n, T old) {
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_contiguous(to_int(n), old, &t), "MPI_Type_contiguous");
    return keep(t);
  }
  T vector(int64_t n, int64_t blocklen, int64_t stride, T old) {
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_vector(to_int(n), to_int(blocklen), to_int(stride), old, &t), "MPI_Type_vector");
    return keep(t);
  }
  T hvector(int64_t n, int64_t blocklen, intptr_t stride_bytes, T old) {
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_create_hvector(to_int(n), to_int(blocklen), static_cast<MPI_Aint>(stride_bytes),
                                      old, &t),
              "MPI_Type_create_hvector");
    return keep(t);
  }
  T indexed(const std::vector<int64_t> &blocklens, const std::vector<int64_t> &displs, T old) {
    std::vector<int> b = ints(blocklens), d = ints(displs);
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_indexed(to_int(static_cast<int64_t>(b.size())), b.data(), d.data(), old, &t),
              "MPI_Type_indexed");
    return keep(t);
  }
  T indexed_block(int64_t blocklen, const std::vector<int64_t> &displs, T old) {
    std::vector<int> d = ints(displs);
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_create_indexed_block(to_int(static_cast<int64_t>(d.size())), to_int(blocklen),
                                            d.data(), old, &t),
              "MPI_Type_create_indexed_block");
    return keep(t);
  }
  T structure(const std::vector<int64_t> &blocklens, const std::vector<intptr_t> &displs,
              const std::vector<T> &types) {
    std::vector<int> b = ints(blocklens);
    std::vector<MPI_Aint> d(displs.begin(), displs.end());
    std::vector<T> ty(types);
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_create_struct(to_int(static_cast<int64_t>(b.size())), b.data(), d.data(),
                                     ty.data(), &t),
              "MPI_Type_create_struct");
    return keep(t);
  }
  T subarray_c(const std::vector<int64_t> &sizes, const std::vector<int64_t> &subsizes,
               const std::vector<int64_t> &starts, T old) {
    std::vector<int> sz = ints(sizes), sub = ints(subsizes), st = ints(starts);
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_create_subarray(to_int(static_cast<int64_t>(sz.size())), sz.data(), sub.data(),
                                       st.data(), MPI_ORDER_C, old, &t),
              "MPI_Type_create_subarray");
    return keep(t);
  }
  T resized(T old, intptr_t lb, intptr_t extent) {
    T t = MPI_DATATYPE_NULL;
    mpi_check(MPI_Type_create_resized(old, static_cast<MPI_Aint>(lb), static_cast<MPI_Aint>(extent), &t),
              "MPI_Type_create_resized");
    return keep(t);
  }
  // Absolute address, or relative to origin when set_origin() was called (for MPIs whose
  // MPI_Pack/MPI_Unpack reject MPI_BOTTOM: the buffer argument is then the origin).
  intptr_t address(const void *p) {
    MPI_Aint a = 0;
    mpi_check(MPI_Get_address(const_cast<void *>(p), &a), "MPI_Get_address");
    return static_cast<intptr_t>(a) - origin_;
  }
  void set_origin(const void *o) {
    MPI_Aint a = 0;
    mpi_check(MPI_Get_address(const_cast<void *>(o), &a), "MPI_Get_address");
    origin_ = static_cast<intptr_t>(a);
  }
  void commit(T t) {
    T tt = t;
    mpi_check(MPI_Type_commit(&tt), "MPI_Type_commit");
    committed_.push_back(t);
  }
  int64_t size(T t) {
    int s = 0;
    mpi_check(MPI_Type_size(t, &s), "MPI_Type_size");
    return s;
  }
  void release_intermediates() {
    for (T &t : created_) {
      if (t != MPI_DATATYPE_NULL && !is_committed(t)) mpi_check(MPI_Type_free(&t), "MPI_Type_free");
    }
  }
  void free_all() {
    for (T &t : created_) {
      if (t != MPI_DATATYPE_NULL) MPI_Type_free(&t);
    }
    created_.clear();
    committed_.clear();
  }

 private:
  static std::vector<int> ints(const std::vector<int64_t> &v) {
    std::vector<int> r(v.size());
    for (size_t i = 0; i < v.size(); ++i) r[i] = to_int(v[i]);
    return r;
  }
  T keep(T t) {
    created_.push_back(t);
    return t;
  }
  bool is_committed(T t) const {
    for (T c : committed_)
      if (c == t) return true;
    return false;
  }
  std::vector<T> created_;
  std::vector<T> committed_;
  intptr_t origin_ = 0;
};

}  // namespace bench
