// Where a save is allowed (GraphBLAS's mask M~, seed 002 / spec §"mask"): with no mask,
// everywhere; else where the mask has an entry (structural) or an entry that is true
// when cast to BOOL (valued); complemented with WEFT_COMP. A mask with no object and
// WEFT_COMP allows nothing. allows(j) must be asked in increasing column order per row.
#pragma once
#include "../sparse/csr.hpp"

namespace weft::expr {

class MaskPlan {
 public:
  // m may be nullptr (no mask).
  MaskPlan(const Csr *m, bool structural, bool complement)
      : m_(m), structural_(structural), complement_(complement) {
    if (m_ && !structural_) to_bool_ = cast_fn(Code::BOOL, m_->code);
  }
  void start(int64_t i) {
    if (!m_) return;
    k_ = m_->row_begin(i);
    end_ = m_->row_end(i);
  }
  bool allows(int64_t j) {
    if (!m_) return !complement_;
    while (k_ < end_ && m_->j[size_t(k_)] < j) ++k_;
    bool in = k_ < end_ && m_->j[size_t(k_)] == j;
    if (in && !structural_) {
      bool b = false;
      to_bool_(&b, m_->val(k_));
      in = b;
    }
    return in != complement_;
  }
  // True when no position of any row can be allowed (lets callers skip T entirely).
  bool allows_nothing() const { return !m_ && complement_; }
  // True when every position is allowed (no mask).
  bool allows_everything() const { return !m_ && !complement_; }
  // True when no position of row i can be allowed: a complemented structural mask whose
  // row has every column (PageRank's sinks<!deg>: deg rarely misses a vertex).
  bool blocks_row(int64_t i) const {
    return m_ && structural_ && complement_ && m_->row_end(i) - m_->row_begin(i) == m_->ncols;
  }
  // True when only the mask's own entries can be allowed (a mask, not complemented): a
  // row may then be walked along them (row_begin .. row_end, column, set).
  bool only_entries() const { return m_ && !complement_; }
  int64_t row_begin(int64_t i) const { return m_->row_begin(i); }
  int64_t row_end(int64_t i) const { return m_->row_end(i); }
  int64_t column(int64_t k) const { return m_->j[size_t(k)]; }
  // Whether mask entry k allows its position (its value true, or any value if structural).
  bool set(int64_t k) const {
    if (structural_) return true;
    bool b = false;
    to_bool_(&b, m_->val(k));
    return b;
  }

 private:
  const Csr *m_;
  bool structural_, complement_;
  CastFn to_bool_ = nullptr;
  int64_t k_ = 0, end_ = 0;
};

}  // namespace weft::expr
