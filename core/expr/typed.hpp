// Typed expressions (mshadow's Plans over a known DType): the same Plan and Saver
// interface as plan.hpp / saver.hpp, with the domain a C++ type T and the operator a
// compile-time functor of core/algebra/ops.hpp, so the one loop (map_plan) compiles to
// loads, the operator inlined and stores: no casts, no calls through pointers, no
// scratch elements. They are used only where they compute exactly what the generic
// plans would: every operand, the operator and the output share one predefined domain
// (nothing to cast), and the operator is predefined. Kernels pick them in
// core/sparse/typed_ewise.hpp; anything else takes the generic plans.
//
// A typed plan also has the generic interface (eval(void *), type()), and adds
//   T value() const      the current entry's value
//   int64_t bound()      an upper bound on its entries (map_plan reserves with it)
//   value_type           T
//   arithmetic           whether T is the domain's own type (false: only its size)
#pragma once
#include <algorithm>
#include "saver.hpp"

namespace weft::expr {

template <class T>
T load(const void *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <class T>
void store(void *p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// Expressions. A Csr of domain T read as it is; ewise mult and add of two of them with
// Op; a positional select (Op: ops::Tril ...; its thunk already an int64). W: a type of
// the values' size (select only moves values).
template <class T>
struct TypedRef {
  const Csr *a;
};
template <class T, class Op>
struct TypedApply {  // Op::f(a) on each entry (a unary functor of ops.hpp)
  const Csr *a;
};
template <class T, class Op>
struct TypedIntersect {
  const Csr *l, *r;
};
template <class T, class Op>
struct TypedUnion {
  const Csr *l, *r;
};
template <class W, class Op>
struct TypedSelect {
  const Csr *a;
  int64_t thunk;
  bool vector;
  Origin at;
};

// The walk of one row of a Csr of T.
template <class T>
class TypedRow {
 public:
  explicit TypedRow(const Csr *a) : a_(a), j_(a->j.data()), x_(a->x.data()) {}
  void start(int64_t i) {
    k_ = a_->row_begin(i);
    end_ = a_->row_end(i);
    full_ = end_ - k_ == a_->ncols;
  }
  bool done() const { return k_ >= end_; }
  int64_t col() const { return j_[k_]; }
  T value() const { return load<T>(x_ + k_ * int64_t(sizeof(T))); }
  void next() { ++k_; }
  // Moves to the first entry at column >= c: in a full row that entry is at column c
  // itself (a dense vector met with a sparse one: PageRank's r ./ deg, where a search
  // per entry was a third of the call); else seek_sorted (a short row met with a long
  // one costs O(short * log(long))).
  void seek(int64_t c) {
    if (k_ >= end_) return;
    if (full_) k_ = std::max(k_, std::min(end_ - a_->ncols + c, end_));
    else k_ = int64_t(seek_sorted(j_ + k_, j_ + end_, c) - j_);
  }
  int64_t bound() const { return a_->nvals(); }
  int64_t cost_before(int64_t r) const { return a_->row_begin(r); }  // entries of rows [0, r)
  const Type &type() const { return *a_->type; }

 private:
  const Csr *a_;
  const int64_t *j_;
  const char *x_;
  int64_t k_ = 0, end_ = 0;
  bool full_ = false;  // the row has every column: entry k is at column k - row_begin
};

template <class T>
class Plan<TypedRef<T>> : public TypedRow<T> {
 public:
  using value_type = T;
  static constexpr bool arithmetic = true;
  explicit Plan(const TypedRef<T> &e) : TypedRow<T>(e.a) {}
  void eval(void *z) const { store(z, this->value()); }
};

template <class T, class Op>
class Plan<TypedApply<T, Op>> : public TypedRow<T> {
 public:
  using value_type = T;
  static constexpr bool arithmetic = true;
  explicit Plan(const TypedApply<T, Op> &e) : TypedRow<T>(e.a) {}
  T value() const { return Op::f(TypedRow<T>::value()); }
  void eval(void *z) const { store(z, value()); }
};

// What the two-operand typed plans share: the two rows and which of them is at the
// current column of their union.
template <class T>
class TypedTwoRows {
 public:
  using value_type = T;
  static constexpr bool arithmetic = true;
  const Type &type() const { return l_.type(); }
  int64_t cost_before(int64_t r) const { return l_.cost_before(r) + r_.cost_before(r); }

 protected:
  TypedTwoRows(const Csr *l, const Csr *r) : l_(l), r_(r) {}
  void start_both(int64_t i) {
    l_.start(i);
    r_.start(i);
  }
  bool in_l() const { return !l_.done() && (r_.done() || l_.col() <= r_.col()); }
  bool in_r() const { return !r_.done() && (l_.done() || r_.col() <= l_.col()); }
  TypedRow<T> l_, r_;
};

// The intersection's values are Op's: T, or bool for a comparison (GE: t >= d).
template <class T, class Op>
class Plan<TypedIntersect<T, Op>> : public TypedTwoRows<T> {
  using B = TypedTwoRows<T>;

 public:
  using value_type = decltype(Op::f(T(), T()));
  explicit Plan(const TypedIntersect<T, Op> &e) : B(e.l, e.r) {}
  const Type &type() const {
    if constexpr (std::is_same_v<value_type, T>) return B::type();
    else return *code_type(code_for<value_type>());
  }
  void start(int64_t i) {
    B::start_both(i);
    align();
  }
  bool done() const { return this->l_.done() || this->r_.done(); }
  int64_t col() const { return this->l_.col(); }
  value_type value() const { return Op::f(this->l_.value(), this->r_.value()); }
  void eval(void *z) const { store(z, value()); }
  void next() {
    this->l_.next();
    this->r_.next();
    align();
  }
  int64_t bound() const { return std::min(this->l_.bound(), this->r_.bound()); }

 private:
  // Advances to the next column both rows have (the behind row seeks the other's column).
  void align() {
    while (!this->l_.done() && !this->r_.done() && this->l_.col() != this->r_.col()) {
      if (this->l_.col() < this->r_.col()) this->l_.seek(this->r_.col());
      else this->r_.seek(this->l_.col());
    }
  }

 public:
  // To the first common column >= c (map_plan's walk along a mask).
  void seek(int64_t c) {
    this->l_.seek(c);
    this->r_.seek(c);
    align();
  }
};

template <class T, class Op>
class Plan<TypedUnion<T, Op>> : public TypedTwoRows<T> {
  using B = TypedTwoRows<T>;

 public:
  explicit Plan(const TypedUnion<T, Op> &e) : B(e.l, e.r) {}
  void start(int64_t i) { B::start_both(i); }
  bool done() const { return this->l_.done() && this->r_.done(); }
  int64_t col() const { return B::in_l() ? this->l_.col() : this->r_.col(); }
  T value() const {
    const bool l = B::in_l(), r = B::in_r();
    return l && r ? Op::f(this->l_.value(), this->r_.value()) : l ? this->l_.value() : this->r_.value();
  }
  void eval(void *z) const { store(z, value()); }
  void next() {
    const bool l = B::in_l(), r = B::in_r();
    if (l) this->l_.next();
    if (r) this->r_.next();
  }
  // To the first column >= c of either row (map_plan's walk along a mask).
  void seek(int64_t c) {
    this->l_.seek(c);
    this->r_.seek(c);
  }
  int64_t bound() const { return this->l_.bound() + this->r_.bound(); }
};

template <class W, class Op>
class Plan<TypedSelect<W, Op>> : public TypedRow<W> {
  using B = TypedRow<W>;

 public:
  using value_type = W;
  static constexpr bool arithmetic = false;  // W only has the values' size: copies, no accumulators
  explicit Plan(const TypedSelect<W, Op> &e) : B(e.a), thunk_(e.thunk), vector_(e.vector), at_(e.at) {}
  void start(int64_t i) {
    row_ = i;
    B::start(i);
    skip();
  }
  void next() {
    B::next();
    skip();
  }
  void seek(int64_t c) {
    B::seek(c);
    skip();
  }
  void eval(void *z) const { store(z, this->value()); }

 private:
  void skip() {
    for (; !B::done(); B::next()) {
      const int64_t c = B::col() + at_.col;
      if (vector_ ? Op::f(c, int64_t(0), thunk_) : Op::f(row_ + at_.row, c, thunk_)) return;
    }
  }
  int64_t thunk_;
  bool vector_;
  Origin at_;
  int64_t row_ = 0;
};

// Savers for a typed plan whose domain is the output's: Z = T, and Z = accum(C, T) with
// a predefined accumulator Op on that domain.
template <class T>
class TypedAssign {
 public:
  static constexpr bool kAssigns = true;  // Z = T: C's old value is never read (map_plan)
  template <class P>
  bool save(void *z, const char * /*c*/, bool has_t, P &plan) {
    if (!has_t) return false;
    store(z, plan.value());
    return true;
  }
};

template <class T, class Op>
class TypedAccumulate {
 public:
  template <class P>
  bool save(void *z, const char *c, bool has_t, P &plan) {
    if (c && has_t) store(z, Op::f(load<T>(c), plan.value()));
    else if (c) store(z, load<T>(c));
    else if (has_t) store(z, plan.value());
    else return false;
    return true;
  }
};

}  // namespace weft::expr
