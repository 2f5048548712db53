// Plans (mshadow's expr_engine-inl.h): how to evaluate an expression of exp.hpp one
// entry at a time. GraphBLAS objects are sparse, so a Plan walks one row in increasing
// column order and says which entries are present:
//   start(i)        position on the first entry of row i
//   done()          no entry left in the row
//   col()           the current entry's column
//   eval(z)         writes the current entry's value (one element of type()) at z
//   next()          the next entry of the row
//   type()          the domain of the values
// eval is called only for entries that are saved, so values the mask rejects are never
// computed. make_plan(expression) builds the Plan.
#pragma once
#include <vector>

#include "exp.hpp"

namespace weft::expr {

template <class E>
class Plan;

template <class E>
Plan<E> make_plan(const E &e) {
  return Plan<E>(e);
}

// Scratch space for one element of a type (the operands of an operator call).
class Element {
 public:
  Element() = default;
  explicit Element(const Type *t) : bytes_(size_t(t ? element_size(*t) : 0) + 1) {}
  char *get() { return bytes_.data(); }

 private:
  std::vector<char> bytes_;
};

template <>
class Plan<Ref> {
 public:
  explicit Plan(const Ref &e) : a_(e.a) {}
  void start(int64_t i) {
    k_ = a_->row_begin(i);
    end_ = a_->row_end(i);
  }
  bool done() const { return k_ >= end_; }
  int64_t col() const { return a_->j[size_t(k_)]; }
  void eval(void *z) const { std::memcpy(z, a_->val(k_), size_t(a_->esize)); }
  void next() { ++k_; }
  const Type &type() const { return *a_->type; }
  // Where the current entry's value is stored (Ref only: lets savers skip a copy).
  const char *value() const { return a_->val(k_); }

 private:
  const Csr *a_;
  int64_t k_ = 0, end_ = 0;
};

template <class Sub>
class Plan<Apply<Sub>> {
 public:
  explicit Plan(const Apply<Sub> &e)
      : sub_(e.sub), op_(e.op), cast_(make_cast(*e.op->xtype, sub_.type())), a_(&sub_.type()), x_(e.op->xtype.get()) {}
  void start(int64_t i) { sub_.start(i); }
  bool done() const { return sub_.done(); }
  int64_t col() const { return sub_.col(); }
  void eval(void *z) {
    sub_.eval(a_.get());
    cast_(x_.get(), a_.get());
    op_->f(z, x_.get());
  }
  void next() { sub_.next(); }
  const Type &type() const { return *op_->ztype; }

 private:
  Plan<Sub> sub_;
  const UnaryOp *op_;
  Cast cast_;
  Element a_, x_;
};

template <class Sub>
class Plan<Bind<Sub>> {
 public:
  explicit Plan(const Bind<Sub> &e)
      : sub_(e.sub), op_(e.op), first_(e.first),
        cast_a_(make_cast(first_ ? *e.op->ytype : *e.op->xtype, sub_.type())),
        a_(&sub_.type()), in_(first_ ? e.op->ytype.get() : e.op->xtype.get()),
        bound_(first_ ? e.op->xtype.get() : e.op->ytype.get()) {
    make_cast(first_ ? *e.op->xtype : *e.op->ytype, *e.xtype)(bound_.get(), e.x);
  }
  void start(int64_t i) { sub_.start(i); }
  bool done() const { return sub_.done(); }
  int64_t col() const { return sub_.col(); }
  void eval(void *z) {
    sub_.eval(a_.get());
    cast_a_(in_.get(), a_.get());
    if (first_) op_->f(z, bound_.get(), in_.get());
    else op_->f(z, in_.get(), bound_.get());
  }
  void next() { sub_.next(); }
  const Type &type() const { return *op_->ztype; }

 private:
  Plan<Sub> sub_;
  const BinaryOp *op_;
  bool first_;
  Cast cast_a_;
  Element a_, in_, bound_;
};

// The index-unary plans: as a value (apply_index) or as a filter (select).
template <class Sub, bool Select>
class Plan<IndexOp<Sub, Select>> {
 public:
  explicit Plan(const IndexOp<Sub, Select> &e)
      : sub_(e.sub), op_(e.op), vector_(e.vector), at_(e.at), a_(&sub_.type()), x_(e.op->xtype.get()),
        thunk_(e.op->ytype.get()), z_(e.op->ztype.get()) {
    if (!op_->positional()) cast_x_ = make_cast(*op_->xtype, sub_.type());
    make_cast(*op_->ytype, *e.thunk_type)(thunk_.get(), e.thunk);
    if (Select) to_bool_ = make_cast(*code_type(Code::BOOL), *op_->ztype);
  }
  void start(int64_t i) {
    row_ = i;
    sub_.start(i);
    if (Select) skip();
  }
  bool done() const { return sub_.done(); }
  int64_t col() const { return sub_.col(); }
  void eval(void *z) {
    if (Select) sub_.eval(z);  // select keeps the value (call(): already evaluated into a_)
    else call(z);
  }
  void next() {
    sub_.next();
    if (Select) skip();
  }
  const Type &type() const { return Select ? sub_.type() : *op_->ztype; }

 private:
  void call(void *z) {
    const void *x = nullptr;
    if (!op_->positional()) {
      sub_.eval(a_.get());
      cast_x_(x_.get(), a_.get());
      x = x_.get();
    }
    const int64_t c = sub_.col() + at_.col;
    const int64_t i = vector_ ? c : row_ + at_.row, j = vector_ ? 0 : c;
    op_->f(z, x, i, j, thunk_.get());
  }
  // Moves to the next entry the operator keeps.
  void skip() {
    for (; !sub_.done(); sub_.next()) {
      call(z_.get());
      bool keep = false;
      to_bool_(&keep, z_.get());
      if (keep) return;
    }
  }
  Plan<Sub> sub_;
  const IndexUnaryOp *op_;
  bool vector_;
  Origin at_;
  Cast cast_x_, to_bool_;
  Element a_, x_, thunk_, z_;
  int64_t row_ = 0;
};

// Shared by the two-operand plans: walks l and r together in column order.
template <class L, class R>
class TwoRows {
 protected:
  TwoRows(const L &l, const R &r) : l_(l), r_(r) {}
  Plan<L> l_;
  Plan<R> r_;
  bool in_l() const { return !l_.done() && (r_.done() || l_.col() <= r_.col()); }
  bool in_r() const { return !r_.done() && (l_.done() || r_.col() <= l_.col()); }

 public:
  // Walking the union of the two rows (ewise add and union; Intersect has its own).
  void start(int64_t i) {
    l_.start(i);
    r_.start(i);
  }
  bool done() const { return l_.done() && r_.done(); }
  int64_t col() const { return in_l() ? l_.col() : r_.col(); }
  void next() {
    const bool l = in_l(), r = in_r();
    if (l) l_.next();
    if (r) r_.next();
  }
};

template <class L, class R>
class Plan<Union<L, R>> : TwoRows<L, R> {
  using B = TwoRows<L, R>;

 public:
  using B::start;
  using B::done;
  using B::col;
  using B::next;
  explicit Plan(const Union<L, R> &e)
      : B(e.l, e.r), op_(e.op), lv_(&this->l_.type()), rv_(&this->r_.type()), x_(e.op->xtype.get()),
        y_(e.op->ytype.get()), cx_(make_cast(*e.op->xtype, this->l_.type())),
        cy_(make_cast(*e.op->ytype, this->r_.type())), lz_(make_cast(*e.op->ztype, this->l_.type())),
        rz_(make_cast(*e.op->ztype, this->r_.type())) {}
  void eval(void *z) {
    const bool l = this->in_l(), r = this->in_r();
    if (l && r) {
      this->l_.eval(lv_.get());
      this->r_.eval(rv_.get());
      cx_(x_.get(), lv_.get());
      cy_(y_.get(), rv_.get());
      op_->f(z, x_.get(), y_.get());
    } else if (l) {
      this->l_.eval(lv_.get());
      lz_(z, lv_.get());
    } else {
      this->r_.eval(rv_.get());
      rz_(z, rv_.get());
    }
  }
  const Type &type() const { return *op_->ztype; }

 private:
  const BinaryOp *op_;
  Element lv_, rv_, x_, y_;
  Cast cx_, cy_, lz_, rz_;
};

template <class L, class R>
class Plan<UnionFill<L, R>> : TwoRows<L, R> {
  using B = TwoRows<L, R>;

 public:
  using B::start;
  using B::done;
  using B::col;
  using B::next;
  explicit Plan(const UnionFill<L, R> &e)
      : B(e.l, e.r), op_(e.op), lv_(&this->l_.type()), rv_(&this->r_.type()), x_(e.op->xtype.get()),
        y_(e.op->ytype.get()), alpha_(e.op->xtype.get()), beta_(e.op->ytype.get()),
        cx_(make_cast(*e.op->xtype, this->l_.type())), cy_(make_cast(*e.op->ytype, this->r_.type())) {
    make_cast(*e.op->xtype, *e.alpha_type)(alpha_.get(), e.alpha);
    make_cast(*e.op->ytype, *e.beta_type)(beta_.get(), e.beta);
  }
  void eval(void *z) {
    const bool l = this->in_l(), r = this->in_r();
    const void *x = alpha_.get(), *y = beta_.get();
    if (l) {
      this->l_.eval(lv_.get());
      cx_(x_.get(), lv_.get());
      x = x_.get();
    }
    if (r) {
      this->r_.eval(rv_.get());
      cy_(y_.get(), rv_.get());
      y = y_.get();
    }
    op_->f(z, x, y);
  }
  const Type &type() const { return *op_->ztype; }

 private:
  const BinaryOp *op_;
  Element lv_, rv_, x_, y_, alpha_, beta_;
  Cast cx_, cy_;
};

template <class L, class R>
class Plan<Intersect<L, R>> : TwoRows<L, R> {
  using B = TwoRows<L, R>;

 public:
  explicit Plan(const Intersect<L, R> &e)
      : B(e.l, e.r), op_(e.op), lv_(&this->l_.type()), rv_(&this->r_.type()), x_(e.op->xtype.get()),
        y_(e.op->ytype.get()), cx_(make_cast(*e.op->xtype, this->l_.type())),
        cy_(make_cast(*e.op->ytype, this->r_.type())) {}
  void start(int64_t i) {
    this->l_.start(i);
    this->r_.start(i);
    align();
  }
  bool done() const { return this->l_.done() || this->r_.done(); }
  int64_t col() const { return this->l_.col(); }
  void eval(void *z) {
    this->l_.eval(lv_.get());
    this->r_.eval(rv_.get());
    cx_(x_.get(), lv_.get());
    cy_(y_.get(), rv_.get());
    op_->f(z, x_.get(), y_.get());
  }
  void next() {
    this->l_.next();
    this->r_.next();
    align();
  }
  const Type &type() const { return *op_->ztype; }

 private:
  // Advances to the next column both rows have.
  void align() {
    while (!this->l_.done() && !this->r_.done() && this->l_.col() != this->r_.col()) {
      if (this->l_.col() < this->r_.col()) this->l_.next();
      else this->r_.next();
    }
  }
  const BinaryOp *op_;
  Element lv_, rv_, x_, y_;
  Cast cx_, cy_;
};

}  // namespace weft::expr
