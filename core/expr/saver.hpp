// Savers (mshadow's sv::saveto / sv::plusto): how a result entry t is stored into the
// output's entry c at an allowed position. A GraphBLAS accumulator IS a Saver.
//   Assign      Z = T: the output gets cast(t); where T has no entry, no entry.
//   Accumulate  Z = accum(C, T) on the union: accum(c, t) where both exist, a lone c or
//               t cast through accum's output domain (the spec's rule: Z's domain is
//               Dout(accum)), then cast to the output's domain.
// save(z, c, t_plan) writes the output value at z and returns whether there is one; c
// is nullptr where the output has no entry, has_t says whether the plan has one.
#pragma once
#include "plan.hpp"

namespace weft::expr {

class Assign {
 public:
  static constexpr bool kAssigns = true;  // Z = T: C's old value is never read (map_plan)
  Assign(const Type &out, const Type &t) : cast_(make_cast(out, t)), t_(&t) {}
  template <class P>
  bool save(void *z, const char * /*c*/, bool has_t, P &plan) {
    if (!has_t) return false;
    plan.eval(t_.get());
    cast_(z, t_.get());
    return true;
  }

 private:
  Cast cast_;
  Element t_;
};

class Accumulate {
 public:
  Accumulate(const BinaryOp &accum, const Type &out, const Type &t)
      : op_(&accum), t_(&t), x_(accum.xtype.get()), y_(accum.ytype.get()), z_(accum.ztype.get()),
        c_to_x_(make_cast(*accum.xtype, out)), t_to_y_(make_cast(*accum.ytype, t)),
        c_to_z_(make_cast(*accum.ztype, out)), t_to_z_(make_cast(*accum.ztype, t)), z_to_out_(make_cast(out, *accum.ztype)) {}
  template <class P>
  bool save(void *z, const char *c, bool has_t, P &plan) {
    if (has_t) plan.eval(t_.get());
    if (c && has_t) {
      c_to_x_(x_.get(), c);
      t_to_y_(y_.get(), t_.get());
      op_->f(z_.get(), x_.get(), y_.get());
    } else if (c) {
      c_to_z_(z_.get(), c);
    } else if (has_t) {
      t_to_z_(z_.get(), t_.get());
    } else {
      return false;
    }
    z_to_out_(z, z_.get());
    return true;
  }

 private:
  const BinaryOp *op_;
  Element t_, x_, y_, z_;
  Cast c_to_x_, t_to_y_, c_to_z_, t_to_z_, z_to_out_;
};

}  // namespace weft::expr
