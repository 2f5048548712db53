// A fused group run tile by tile (queue.hpp). A tile is a range of a vector's indices or
// of a matrix's rows (and the same range of the vector a reduce of the rows ends the group
// with) holding about kTileEntries entries of the densest object, so a tile
// of every object fits in L2: each input is read from memory once, the intermediates never
// leave the cache, and an object nothing reads after the group is never written at all.
// A product may start the group (Fuse::product): each tile of its result is computed when
// the tile starts (Pending::tiles) and stands for that object's contents; its matrix and
// vector are read whole, never tiled.
// Each tile runs the group's operations one after the other in one of three ways, chosen
// per tile (Group::run), which give the same entries:
//   - value tiles: typed plain stages (values.hpp) on operands with the same entries in the
//     tile: loops over the value arrays, inputs read in place, in chunks small enough for
//     every object's chunk to stay in L1 (run_stages);
//   - dense tiles: typed stages on each object's tile as values plus a presence byte per
//     position (masks, accumulators, replace, fills, any structures);
//   - proxy tiles: small objects holding one tile of each object, on which each operation
//     runs its own kernel unchanged (any operator, any domain). A proxy's entries are
//     stored relative to the tile's first index; its origin says where it lies, for
//     index-unary operators.
#include <algorithm>
#include <cstring>
#include <memory>

#include "queue.hpp"
#include "../sparse/parallel.hpp"

namespace weft::lazy {

namespace {

constexpr int64_t kTileEntries = int64_t(1) << 14;

// One object of the group: its contents when the group starts, its proxy, and its new
// contents assembled tile after tile when something reads it after the group.
struct Tiled {
  explicit Tiled(Matrix *m) : obj(m) {}
  Matrix *obj;
  const Csr *whole = nullptr;
  std::unique_ptr<Matrix> proxy;
  int64_t next = 0;          // vectors: where the next tile's entries start in `whole`
  int64_t at = 0, end = 0;   // vectors: the current tile's entries in `whole`
  bool vector = false;    // tiled by index ranges (a matrix group: a reduce_rows's vector)
  bool written = false;   // some operation of the group writes it
  bool source = false;    // the result of the product starting the group: `whole` is its tile
  bool keep = false;      // ... and it is read afterwards: assembled into `built`
  bool sink = false;      // ... read only by the product after the group: written to `dense`
  Csr built;
};

std::unique_ptr<Matrix> proxy_of(const Matrix &m) {
  std::unique_ptr<Matrix> p(m.magic == Magic::vector ? new Vector() : new Matrix());
  p->type = m.type;
  return p;
}

// Sets d to entries [a, b) of w (indices minus `shift`) in a shape of nrows x ncols.
void load_entries(Csr &d, const Csr &w, int64_t a, int64_t b, int64_t shift, int64_t nrows, int64_t ncols) {
  d.nrows = nrows;
  d.ncols = ncols;
  d.type = w.type;
  d.code = w.code;
  d.esize = w.esize;
  d.iso = false;  // (w is a ready() object: one value per entry)
  d.j.assign(w.j.begin() + a, w.j.begin() + b);  // no zero fill first, then shifted in cache
  if (shift)
    for (int64_t &c : d.j) c -= shift;
  d.x.assign(w.val(a), w.val(b));
}

// The proxy of a vector holds indices [lo, hi), shifted to start at 0.
void load_vector_tile(Tiled &t, int64_t lo, int64_t hi) {
  const Csr &w = *t.whole;
  Csr &d = t.proxy->data;
  const int64_t a = t.at, b = t.end;  // Group::locate
  load_entries(d, w, a, b, lo, 1, hi - lo);
  d.p.assign(2, 0);
  d.p[1] = b - a;
  t.proxy->origin = {0, lo};
  t.proxy->forget_derived();
}

// The proxy of a matrix holds rows [lo, hi), renumbered from 0.
void load_matrix_tile(Tiled &t, int64_t lo, int64_t hi) {
  const Csr &w = *t.whole;
  Csr &d = t.proxy->data;
  const int64_t a = w.row_begin(lo), b = w.row_begin(hi);
  load_entries(d, w, a, b, 0, hi - lo, w.ncols);
  d.p.assign(w.p.begin() + lo, w.p.begin() + hi + 1);
  for (int64_t &q : d.p) q -= a;
  t.proxy->origin = {lo, 0};
  t.proxy->forget_derived();
}

// All ones when a presence byte is set, else zero: selects by masks, which the compiler
// keeps free of branches (a `has ? x : y` became a branch as random as the entries).
inline uint64_t all_if(uint8_t has) { return uint64_t(0) - uint64_t(has != 0); }

// Entries [a, b) of w, their indices minus lo, spread over n positions: val (n values,
// zero bytes where there is no entry) and has (a presence byte each).
void spread_entries(const Csr &w, int64_t a, int64_t b, int64_t lo, int64_t n, char *val, uint8_t *has) {
  const size_t es = size_t(w.esize);
  std::memset(val, 0, size_t(n) * es);
  std::memset(has, 0, size_t(n));
  const int64_t *J = w.j.data();
  for (int64_t k = a; k < b; ++k) {
    const size_t c = size_t(J[k] - lo);
    has[c] = 1;
    copy_element(val + c * es, w.val(k), es);
  }
}

// The present positions of n dense positions (val, has; `full`: all present) appended to
// b as entries lo + c: every position at once when full, else position by position into
// room made first (no push per entry).
void append_present(Csr &b, const char *val, const uint8_t *has, bool full, int64_t lo, int64_t n) {
  const size_t es = size_t(b.esize), base = b.j.size();
  b.j.resize(base + size_t(n));
  b.x.resize((base + size_t(n)) * es);
  int64_t *J = b.j.data() + base;
  char *X = b.x.data() + base * es;
  if (full) {
    for (int64_t c = 0; c < n; ++c) J[c] = lo + c;
    std::memcpy(X, val, size_t(n) * es);
    return;
  }
  size_t count = 0;
  for (int64_t c = 0; c < n; ++c) {
    if (!has[c]) continue;
    J[count] = lo + c;
    copy_element(X + count * es, val + size_t(c) * es, es);
    ++count;
  }
  b.j.resize(base + count);
  b.x.resize((base + count) * es);
}

// out[c] = whether a valued mask admits position c: present and nonzero as its domain says.
template <class T>
void nonzero_typed(const char *val, const uint8_t *has, uint8_t *out, int64_t n) {
  for (int64_t c = 0; c < n; ++c) out[c] = has[c] && !(value_at<T>(val, c) == T(0));
}
void nonzero_mask(Code code, const char *val, const uint8_t *has, uint8_t *out, int64_t n) {
  switch (code) {
#define WEFT_NONZERO_(name, ctype, basic) \
  case Code::name: return nonzero_typed<ctype>(val, has, out, n);
    WEFT_DOMAIN_LIST(WEFT_NONZERO_)
#undef WEFT_NONZERO_
    default: break;  // value_output admits no other mask
  }
}

// Appends the proxy's tile (its indices shifted back) to `built`.
void append_tile(Tiled &t, int64_t lo) {
  Csr &d = t.proxy->data;
  expand_iso(d);  // (a stage may have left the tile iso: a band selection of an iso tile)
  Csr &b = t.built;
  const int64_t base = b.nvals();
  b.j.insert(b.j.end(), d.j.begin(), d.j.end());
  if (t.vector) {
    if (lo)
      for (auto c = b.j.begin() + base; c != b.j.end(); ++c) *c += lo;
  } else {
    for (int64_t i = 0; i < d.nrows; ++i) b.p.push_back(base + d.p[size_t(i) + 1]);
  }
  b.x.append(d.x.data(), d.x.size());
}

// An object's tile as a dense array: its value at every position and whether it has one.
// `full`: it has every position (has[] all ones): the stages then skip their
// position-by-position presence rules.
struct Dense {
  std::vector<char> val;
  std::vector<uint8_t> has;
  bool full = false;
  bool current = false;  // loaded or written in the current tile
};

// The tiles of one group and what they run through.
class Group {
 public:
  Group(std::vector<Pending> &ops, size_t first, size_t last, const std::function<bool(const Matrix *)> &read_later,
        const Matrix *sink, DenseResult *dense)
      : ops_(ops), first_(first), last_(last), sink_(dense) {
    for (size_t k = first; k < last; ++k) {
      Pending &p = ops[k];
      if (p.fuse == Fuse::product) {  // (first: its inputs are read whole, not tiled)
        source_ = &p;
        add(p.C.get(), true);
        continue;
      }
      if (p.fuse == Fuse::reduce) reduce_ = &p;
      else add(p.C.get(), true);
      for (const Ref<Matrix> &r : p.reads) add(r.get(), false);
    }
    const Matrix &shape = *tiled_.front().obj;
    vector_ = shape.magic == Magic::vector;
    for (Tiled &t : tiled_) {
      t.whole = &t.obj->ready();
      t.vector = t.obj->magic == Magic::vector;
      t.sink = t.obj == sink;
      t.keep = t.written && !t.sink && read_later(t.obj);
      t.source = source_ && t.obj == source_->C.get();
      densest_ = std::max(densest_, t.source ? t.obj->ncols() : t.whole->nvals());  // (a source may be dense)
    }
    for (Tiled &t : tiled_) {
      if (!t.keep) continue;
      t.built = Csr(0, t.whole->ncols, *t.obj->type);  // room for the densest: no regrowth
      t.built.nrows = t.whole->nrows;
      t.built.p.reserve(t.vector ? 2 : size_t(t.built.nrows) + 1);
      if (t.vector) t.built.p.assign(1, 0);
      t.built.x.reserve(size_t(densest_ * t.built.esize));  // (indices: when written, own_indices)
    }
    auto index = [&](const Matrix *m) {
      const Tiled *t = m ? find_const(m) : nullptr;
      return t ? size_t(t - tiled_.data()) : kNone;
    };
    std::vector<size_t> written;  // by the stages so far
    auto fresh = [&](size_t q) { return std::find(written.begin(), written.end(), q) != written.end(); };
    for (size_t k = first; k < last; ++k) {
      const Pending &p = ops[k];
      if (&p == reduce_) {
        reduce_x_ = index(p.values.x);
      } else if (p.values.any()) {
        const size_t x = index(p.values.x), y = index(p.values.y), c = index(p.C.get());
        stages_.push_back({&p, x, y, c, fresh(x), fresh(y)});
        written.push_back(c);
      }
    }
    if (reduce_x_ != kNone && tiled_[reduce_x_].written && !tiled_[reduce_x_].keep) whole_tile_ = reduce_x_;
    // Tiles of about kTileEntries entries of the densest object, at least that wide.
    extent_ = vector_ ? shape.ncols() : shape.nrows();
    const double per_entry = double(extent_) / double(densest_);
    width_ = std::max<int64_t>(vector_ ? kTileEntries : 1,
                               int64_t(std::min<double>(double(extent_), per_entry * double(kTileEntries))));
    if (sink_) {
      const Matrix &m = *sink;
      sink_->val.resize(size_t(m.ncols() * m.esize()));
      sink_->has.resize(size_t(m.ncols()));
      sink_->nvals = 0;
    }
    // A reduce ending the group reduces each tile to one value of its monoid's domain;
    // `partials_` holds them in tile order, reduced at the end by the operation itself.
    if (reduce_) {
      Type *pt = const_cast<Type *>(reduce_->partial);
      partials_.reset(new Vector());
      partials_->type = Ref<Type>(pt);
      partials_->data = Csr(1, (extent_ + width_ - 1) / width_, *pt);
    }
  }

  // Runs the tiles. When every operation of a group of vectors has a ValueStage
  // (values.hpp), a tile runs on value arrays: in place when the stages are plain and the
  // operands read before the group writes them have the same entries in the tile (dense
  // vectors, or a vector and results computed from it), else on dense tiles with presence
  // bytes. Other groups run on proxies. All three give the same entries.
  void run() {
    auto all = [&](auto test) { return std::all_of(ops_.begin() + long(first_), ops_.begin() + long(last_), test); };
    // (An empty bound scalar fails its operation: the proxies then raise that error.)
    const bool dense = vector_ && all([&](const Pending &p) {
                         return &p == source_ || (p.values.any() && (!p.values.bound || !p.values.bound->empty()));
                       });
    // (A source's tiles are not the value tiles' inputs read in place, and a sink takes
    // dense tiles: dense tiles.)
    const bool same = dense && !source_ && !sink_ && all([&](const Pending &p) { return &p == reduce_ || p.values.plain; });
    // A fill gives every position of the tile: the same entries as the inputs only where
    // they have every position too (PageRank's r = teleport next to w = t ./ d).
    const bool fills = !all([](const Pending &p) { return p.values.kind != ValueStage::fill; });
    if (same) find_inputs();
    one_structure_ = same && !inputs_.empty() && one_structure();
    if (one_structure_ && value_pass(fills)) return;
    shared_j_ = same && !inputs_.empty();
    if (!shared_j_) reserve_indices();
    int64_t tile = 0;
    for (int64_t lo = 0; lo < extent_; lo += width_, ++tile) {
      const int64_t hi = std::min(extent_, lo + width_);
      locate(hi);
      if (source_) compute_source(lo, hi);
      const bool full = !fills || (!inputs_.empty() && tiled_[inputs_.front()].end - tiled_[inputs_.front()].at == hi - lo);
      if (same && !inputs_.empty() && full && same_entries()) {
        value_tile(tile);
        continue;
      }
      own_indices();
      if (dense) dense_tile(tile, lo, hi);
      else proxy_tile(tile, lo, hi);
    }
  }

  // The new contents replace the old; the reduce, if any, is finished by `finish`.
  void commit(const std::function<void(Pending &, const Bind &)> &finish) {
    int64_t skipped = 0, bytes = 0;
    for (Tiled &t : tiled_) {
      if (!t.written) continue;
      if (!t.keep) {
        ++skipped;
        continue;
      }
      if (shared_j_) t.built.j = tiled_[inputs_.front()].whole->j.share();  // every tile a value tile
      if (t.vector) t.built.p.push_back(t.built.nvals());
      bytes += t.built.nvals() * ((t.built.j.shared() ? 0 : int64_t(sizeof(int64_t))) + t.built.esize);
      t.obj->assign(std::move(t.built));
    }
    count_fused(int64_t(last_ - first_), skipped, bytes);
    if (!reduce_) return;
    partials_->forget_derived();
    Matrix *reduced = reduce_->reduced;
    finish(*reduce_, Bind{reduce_->out, [&](Matrix &m) -> Matrix & { return &m == reduced ? *partials_ : m; }});
  }

 private:
  void add(Matrix *m, bool written) {
    if (!m || m->magic == Magic::scalar) return;
    Tiled *t = find(m);
    if (!t) t = &tiled_.emplace_back(m);
    t->written = t->written || written;
  }
  Tiled *find(const Matrix *m) { return const_cast<Tiled *>(find_const(m)); }
  const Tiled *find_const(const Matrix *m) const {
    for (const Tiled &t : tiled_)
      if (t.obj == m) return &t;
    return nullptr;
  }
  void add_partial(int64_t tile, const char *value) {
    Csr &v = partials_->data;
    v.push(tile, value);
    v.p[1] = v.nvals();
  }

  // The positions of each vector's entries in the tile that ends at hi. Tiles come in
  // order, so a tile's entries start where the last one's ended; a full vector's positions
  // are its indices, and the end of another's is found by galloping from the start (a
  // binary search over the whole array missed the cache at every step: 7% of a dense
  // 4-op chain's time).
  void locate(int64_t hi) {
    for (Tiled &t : tiled_) {
      if (!t.vector || t.source) continue;
      const int64_t *J = t.whole->j.data(), n = t.whole->nvals();
      t.at = t.next;
      if (n == extent_) {
        t.end = hi;
      } else {
        int64_t a = t.at, b = t.at, step = 1;  // J[< a] < hi; J[b] >= hi or b == n
        while (b < n && J[b] < hi) {
          a = b + 1;
          b = t.at + step;
          step *= 2;
        }
        t.end = std::lower_bound(J + a, J + std::min(b, n), hi) - J;
      }
      t.next = t.end;
    }
  }

  // The product starting the group computes its result's tile [lo, hi), which stands for
  // that object's contents in the tile.
  void compute_source(int64_t lo, int64_t hi) {
    source_tile_ = source_->tiles(lo, hi);
    for (Tiled &t : tiled_) {
      if (!t.source) continue;
      t.whole = &source_tile_;
      t.at = 0;
      t.end = source_tile_.nvals();
    }
  }

  // The objects the group reads before writing them (value tiles read them in place).
  void find_inputs() {
    std::vector<const Matrix *> written;
    auto input = [&](Matrix *m) {
      if (!m || std::find(written.begin(), written.end(), m) != written.end()) return;
      const size_t q = size_t(find(m) - tiled_.data());
      if (std::find(inputs_.begin(), inputs_.end(), q) == inputs_.end()) inputs_.push_back(q);
    };
    for (size_t k = first_; k < last_; ++k) {
      const Pending &p = ops_[k];
      input(p.values.x);
      input(p.values.y);
      if (&p != reduce_) written.push_back(p.C.get());
    }
  }

  // Whether the inputs have the same entries everywhere: all full, or one index array
  // (Indices::equal: O(1) for shared arrays and ones compared before).
  bool one_structure() const {
    const Csr &f = *tiled_[inputs_.front()].whole;
    for (size_t q : inputs_) {
      const Csr &w = *tiled_[q].whole;
      if (w.nvals() != f.nvals()) return false;
      if (f.nvals() != extent_ && !Indices::equal(w.j, f.j)) return false;
    }
    return true;
  }

  // Whether the inputs have the same entries in the current tile.
  bool same_entries() const {
    const Tiled &f = tiled_[inputs_.front()];
    const int64_t n = f.end - f.at;
    for (size_t q : inputs_) {
      const Tiled &t = tiled_[q];
      if (t.end - t.at != n) return false;
      if (!one_structure_ && n > 0 && &t != &f && std::memcmp(t.whole->j.data() + t.at, f.whole->j.data() + f.at, size_t(n) * sizeof(int64_t)))
        return false;
    }
    return true;
  }

  // All tiles on value arrays, split across threads, when every tile would be a value
  // tile: the inputs have one structure (one_structure_, the caller's test; every
  // position when a stage is a fill). Each kept result then has the inputs' indices, and
  // a tile's values go at the same positions of its value array, so threads write
  // disjoint parts; a reduce's partials are kept by tile and added in tile order, as one
  // thread does.
  // False (nothing done) on one thread, for little work, or other structures.
  bool value_pass(bool fills) {
    if (inputs_.empty()) return false;
    const Csr &f = *tiled_[inputs_.front()].whole;
    const int64_t N = f.nvals();
    const int nt = threads_for(N * int64_t(last_ - first_));
    if (nt == 1 || (fills && N != extent_)) return false;
    for (Tiled &t : tiled_) {
      if (!t.keep) continue;
      t.built.j = f.j.share();  // the inputs' one structure: no index written
      t.built.x.resize(size_t(N * t.built.esize));
    }
    const int64_t ntiles = (extent_ + width_ - 1) / width_;
    const size_t pes = reduce_ ? size_t(partials_->data.esize) : 0;
    std::vector<char> pvals(size_t(ntiles) * pes + 1);
    std::vector<uint8_t> pset(size_t(ntiles), 0);
    const auto parts = balanced_ranges(ntiles, nt, [](int64_t t) { return t; });
    run_parts(nt, [&](int part) {
      std::vector<Bytes> buf(tiled_.size());
      std::vector<const char *> at(tiled_.size());
      std::vector<char *> dest(tiled_.size());
      const int64_t *J = f.j.data();
      for (int64_t tile = parts[size_t(part)]; tile < parts[size_t(part) + 1]; ++tile) {
        const int64_t lo = tile * width_, hi = std::min(extent_, lo + width_);
        const int64_t a = std::lower_bound(J, J + N, lo) - J, n = std::lower_bound(J + a, J + N, hi) - J - a;
        for (size_t q = 0; q < tiled_.size(); ++q) {  // (one structure: one position for all)
          at[q] = tiled_[q].whole->val(a);
          dest[q] = tiled_[q].keep ? tiled_[q].built.x.data() + a * tiled_[q].built.esize : nullptr;
        }
        pset[size_t(tile)] = run_stages(n, at.data(), dest.data(), buf, pvals.data() + size_t(tile) * pes);
      }
    });
    for (int64_t tile = 0; tile < ntiles; ++tile)
      if (pset[size_t(tile)]) add_partial(tile, pvals.data() + size_t(tile) * pes);
    return true;
  }

  // One tile on value arrays: inputs read in place, intermediates in chunk buffers, a kept
  // object's results written straight into its new value array.
  void value_tile(int64_t tile) {
    const Tiled &f = tiled_[inputs_.front()];
    const int64_t n = f.end - f.at;
    if (buf_.empty()) {
      buf_.resize(tiled_.size());
      if (reduce_) partial_.resize(size_t(partials_->data.esize));
    }
    std::vector<const char *> at(tiled_.size());
    std::vector<char *> dest(tiled_.size(), nullptr);
    for (size_t q = 0; q < tiled_.size(); ++q) {
      Tiled &t = tiled_[q];
      at[q] = t.whole->val(t.at);
      if (!t.keep) continue;
      Csr &b = t.built;
      if (!shared_j_) b.j.insert(b.j.end(), f.whole->j.begin() + f.at, f.whole->j.begin() + f.end);
      const size_t end = b.x.size();
      b.x.resize(end + size_t(n * b.esize));
      dest[q] = b.x.data() + end;
    }
    if (run_stages(n, at.data(), dest.data(), buf_, partial_.data())) add_partial(tile, partial_.data());
  }

  // Where object q's values in a value tile go when it is not kept: b, grown to n values if
  // q is written (n: a chunk's entries, or the tile's for the reduce's operand; not a tile's
  // width: a sparse vector's tile spans ten times its entries, and buffers that wide were
  // page faults every call).
  char *scratch(Bytes &b, size_t q, int64_t n) const {
    const size_t need = size_t(n) * size_t(tiled_[q].obj->esize());
    if (tiled_[q].written && b.size() < need) b.resize(need);
    return b.data();
  }

  // Before a tile that is not a value tile: the kept objects' indices so far (the value
  // tiles': the inputs' first entries, shared at commit if every tile is one) written out.
  void own_indices() {
    if (!shared_j_) return;
    shared_j_ = false;
    reserve_indices();
    const Tiled &f = tiled_[inputs_.front()];
    for (Tiled &t : tiled_)
      if (t.keep) t.built.j.assign(f.whole->j.begin(), f.whole->j.begin() + f.at);
  }
  // Room for the densest object's entries in each kept object's indices: no regrowth.
  // Not before they are known to be written: an unused reserve of every kept result's
  // indices took large blocks from the pool (block_pool.hpp) that the values then missed.
  void reserve_indices() {
    for (Tiled &t : tiled_)
      if (t.keep) t.built.j.reserve(size_t(densest_));
  }

  // The group's stages on one value tile of n entries. at[q]: object q's values at the
  // tile's first entry as the group starts (read until a stage writes q); dest[q]: where a
  // kept object's new values go (null: not kept, written to buf[q]); a reduce folds the
  // whole tile into `partial`. Returns whether it did (the tile has entries).
  // The stages run chunk by chunk (kChunk values), every stage on one chunk before the next
  // chunk: an intermediate's chunk is still in L1 when the next stage reads it, and the
  // inputs' memory reads are spread over the tile instead of bunched in its first stage.
  // Measured on the dense 10^7-entry 4-op chain (6 objects of 8 bytes), one thread: stages
  // over whole 16k-entry tiles 18.8 ms, chunks of 1024 20.1, 512 18.5, 384 15.4, 256 11.1,
  // 128 11.4, the hand-fused loop 9.7: the chunks of all objects must sit in L1 together.
  bool run_stages(int64_t n, const char *const *at, char *const *dest, std::vector<Bytes> &buf, char *partial) const {
    const size_t nq = tiled_.size();
    // Where each object's chunk is written: `out` plus `step` bytes per value of the tile
    // (the same chunk buffer every time for an intermediate: step 0).
    std::vector<char *> out(nq);
    std::vector<int64_t> step(nq), es(nq);
    for (size_t q = 0; q < nq; ++q) {
      es[q] = tiled_[q].obj->esize();
      step[q] = es[q];
      if (dest[q]) out[q] = dest[q];
      else if (q == whole_tile_) out[q] = scratch(buf[q], q, n);  // the reduce reads it all
      else out[q] = scratch(buf[q], q, kChunk), step[q] = 0;
    }
    std::vector<const char *> bound(stages_.size());
    for (size_t k = 0; k < stages_.size(); ++k) {
      Scalar *b = stages_[k].p->values.bound;
      bound[k] = b ? b->value() : nullptr;
    }
    // An operand a stage before wrote in this chunk is read where it went, else in place.
    auto in = [&](size_t q, bool fresh, int64_t s) -> const char * {
      if (q == kNone) return nullptr;
      return fresh ? out[q] + s * step[q] : at[q] + s * es[q];
    };
    for (int64_t s = 0; s < n; s += kChunk) {
      const int64_t m = std::min(kChunk, n - s);
      for (size_t k = 0; k < stages_.size(); ++k) {
        const Stage &st = stages_[k];
        st.p->values.f(in(st.x, st.x_fresh, s), in(st.y, st.y_fresh, s), out[st.c] + s * step[st.c], m, bound[k]);
      }
    }
    if (!reduce_ || n == 0) return false;
    const size_t q = reduce_x_;
    const char *x = !tiled_[q].written ? at[q] : dest[q] ? dest[q] : buf[q].data();
    reduce_->values.fold(x, n, partial);
    return true;
  }

  // One tile of vectors as dense arrays (values.hpp): each object's values at every
  // position of the tile and a presence byte, loaded when first read; each stage computes
  // T everywhere, then the output rule position by position (accumulator, mask, replace);
  // kept objects' present entries appended.
  void dense_tile(int64_t tile, int64_t lo, int64_t hi) {
    const int64_t n = hi - lo;
    if (dense_.empty()) dense_.resize(tiled_.size());
    for (Dense &d : dense_) d.current = false;
    auto get = [&](const Matrix *m) -> Dense * {
      if (!m) return nullptr;
      const size_t q = size_t(find(m) - tiled_.data());
      if (!dense_[q].current) load_dense(q, lo, n);
      return &dense_[q];
    };
    for (size_t k = first_; k < last_; ++k) {
      const Pending &p = ops_[k];
      const ValueStage &v = p.values;
      if (&p == source_) continue;  // its tile is loaded as its result's (compute_source)
      if (&p == reduce_) {
        fold_dense(*get(v.x), v, n, tile);
        continue;
      }
      // C's old tile is read by an accumulator or where a mask keeps it; otherwise Z
      // replaces it wholly and it is not loaded.
      const bool everywhere = !p.out.M && !p.out.d.mask_comp;
      const Dense *X = get(v.x), *Y = get(v.y), *M = get(p.out.M);
      Dense &C = everywhere && !v.acc ? dense_[index_of(p.C.get())] : *get(p.C.get());
      stage_dense(v, C, X, Y, n);
      // C<M> = Z: where allowed C becomes Z; elsewhere it stays, or goes with replace.
      if (everywhere) {  // Z's arrays become C's
        std::swap(C.val, tval_);
        std::swap(C.has, thas_);
        C.full = tfull_;
        C.current = true;
        continue;
      }
      C.full = false;
      mask_dense(p.out, M, n);
      const size_t es = size_t(v.esize);
      for (int64_t c = 0; c < n; ++c) {
        if (allowed_[size_t(c)]) {
          C.has[size_t(c)] = thas_[size_t(c)];
          copy_element(C.val.data() + size_t(c) * es, tval_.data() + size_t(c) * es, es);
        } else if (p.out.d.replace) {
          C.has[size_t(c)] = 0;
        }
      }
    }
    for (size_t q = 0; q < tiled_.size(); ++q) {
      Tiled &t = tiled_[q];
      if (t.keep) append_dense(t.built, *get(t.obj), lo, n);
      if (t.sink) sink_dense(*get(t.obj), lo, n, size_t(t.obj->esize()));
    }
  }

  // The sink's tile [lo, lo + n) written into its dense result (zero bytes where it has
  // no entry: a dense tile's value there is whatever its stage computed).
  void sink_dense(const Dense &d, int64_t lo, int64_t n, size_t es) {
    char *val = sink_->val.data() + size_t(lo) * es, *has = sink_->has.data() + lo;
    if (d.full) {
      std::memcpy(val, d.val.data(), size_t(n) * es);
      std::memset(has, 1, size_t(n));
      sink_->nvals += n;
      return;
    }
    int64_t count = 0;
    for (int64_t c = 0; c < n; ++c) count += (has[c] = char(d.has[size_t(c)]));
    sink_->nvals += count;
    if (es == 8) {  // (selects, not branches as random as the entries)
      const uint64_t *__restrict from = reinterpret_cast<const uint64_t *>(d.val.data());
      uint64_t *__restrict to = reinterpret_cast<uint64_t *>(val);
      const uint8_t *__restrict h = d.has.data();
      for (int64_t c = 0; c < n; ++c) to[c] = from[c] & all_if(h[c]);
      return;
    }
    for (int64_t c = 0; c < n; ++c) {
      if (has[c]) copy_element(val + size_t(c) * es, d.val.data() + size_t(c) * es, es);
      else std::memset(val + size_t(c) * es, 0, es);
    }
  }

  // The same from the sink's proxy (entries relative to lo).
  void sink_proxy(const Csr &d, int64_t lo, int64_t n) {
    spread_entries(d, 0, d.nvals(), 0, n, sink_->val.data() + size_t(lo) * size_t(d.esize),
                   reinterpret_cast<uint8_t *>(sink_->has.data()) + lo);
    sink_->nvals += d.nvals();
  }

  size_t index_of(const Matrix *m) const { return size_t(find_const(m) - tiled_.data()); }

  // A kept object's present entries of its dense tile appended to `b`: every position at
  // once when full, else position by position into room made first (no push per entry).
  static void append_dense(Csr &b, const Dense &d, int64_t lo, int64_t n) {
    append_present(b, d.val.data(), d.has.data(), d.full, lo, n);
  }

  // The tile of object q from its whole contents: zeros where it has no entry.
  void load_dense(size_t q, int64_t lo, int64_t n) {
    const Tiled &t = tiled_[q];
    Dense &d = dense_[q];
    const size_t es = size_t(t.obj->esize());
    d.full = t.end - t.at == n;
    d.val.resize(size_t(n) * es);
    if (d.full) {  // one copy
      std::memcpy(d.val.data(), t.whole->val(t.at), size_t(n) * es);
      d.has.assign(size_t(n), 1);
    } else {
      d.has.resize(size_t(n));
      spread_entries(*t.whole, t.at, t.end, lo, n, d.val.data(), d.has.data());
    }
    d.current = true;
  }

  // T (tval_, thas_, tfull_) = the stage's operator on its operands, then Z = accum(C, T)
  // if accumulated (in place of T). Full operands skip the presence rules.
  void stage_dense(const ValueStage &v, const Dense &C, const Dense *X, const Dense *Y, int64_t n) {
    const size_t es = size_t(v.esize), un = size_t(n);
    tval_.resize(un * es);
    thas_.resize(un);
    const char *s = v.bound ? v.bound->value() : nullptr;
    switch (v.kind) {
      case ValueStage::fill:
        v.f(nullptr, nullptr, tval_.data(), n, s);
        tfull_ = true;
        break;
      case ValueStage::unary:
        v.f(X->val.data(), nullptr, tval_.data(), n, s);
        tfull_ = X->full;
        if (!tfull_) std::copy(X->has.begin(), X->has.begin() + long(un), thas_.begin());
        break;
      case ValueStage::mult:
        v.f(X->val.data(), Y->val.data(), tval_.data(), n, s);
        tfull_ = X->full && Y->full;
        if (!tfull_)
          for (size_t c = 0; c < un; ++c) thas_[c] = X->has[c] & Y->has[c];
        break;
      default:  // add: the union; a lone entry is kept as it is
        v.f(X->val.data(), Y->val.data(), tval_.data(), n, s);
        tfull_ = X->full || Y->full;
        if (X->full && Y->full) break;
        for (size_t c = 0; c < un; ++c) {
          thas_[c] = X->has[c] | Y->has[c];
          if (X->has[c] != Y->has[c])
            copy_element(tval_.data() + c * es, (X->has[c] ? X->val.data() : Y->val.data()) + c * es, es);
        }
    }
    if (tfull_) std::fill(thas_.begin(), thas_.begin() + long(un), 1);
    if (!v.acc) return;
    tacc_.resize(un * es);
    v.acc(C.val.data(), tval_.data(), tacc_.data(), n, nullptr);
    if (C.full && tfull_) {  // accumulated everywhere
      std::swap(tval_, tacc_);
      return;
    }
    // Z(c) = accum(C(c), T(c)) where both are present, else whichever is.
    if (es == 8) {  // (selects, not branches as random as the entries)
      uint64_t *__restrict z = reinterpret_cast<uint64_t *>(tval_.data());
      const uint64_t *__restrict a = reinterpret_cast<const uint64_t *>(tacc_.data()),
                                 *__restrict cv = reinterpret_cast<const uint64_t *>(C.val.data());
      uint8_t *__restrict th = thas_.data();
      const uint8_t *__restrict ch = C.has.data();
      for (size_t c = 0; c < un; ++c) {
        const uint64_t t = all_if(th[c]), k = all_if(ch[c]);
        const uint64_t both = (a[c] & t) | (cv[c] & ~t);
        z[c] = (both & k) | (z[c] & ~k);
        th[c] |= ch[c];
      }
    } else {
      for (size_t c = 0; c < un; ++c) {
        if (C.has[c] && thas_[c]) copy_element(tval_.data() + c * es, tacc_.data() + c * es, es);
        else if (C.has[c]) copy_element(tval_.data() + c * es, C.val.data() + c * es, es);
        thas_[c] |= C.has[c];
      }
    }
    tfull_ = tfull_ || C.full;
  }

  // allowed_[c]: whether the mask lets position c be written (write_back.hpp's rule).
  void mask_dense(const Output &out, const Dense *M, int64_t n) {
    const size_t un = size_t(n);
    allowed_.resize(un);
    if (!out.M) {
      std::fill(allowed_.begin(), allowed_.begin() + long(un), out.d.mask_comp ? 0 : 1);
      return;
    }
    if (out.d.mask_struct) std::copy(M->has.begin(), M->has.begin() + long(un), allowed_.begin());
    else nonzero_mask(out.M->code(), M->val.data(), M->has.data(), allowed_.data(), n);
    if (out.d.mask_comp)
      for (size_t c = 0; c < un; ++c) allowed_[c] = !allowed_[c];
  }

  // The tile's contribution to a reduce: its present entries folded left to right.
  void fold_dense(const Dense &X, const ValueStage &v, int64_t n, int64_t tile) {
    const size_t es = size_t(v.esize);
    partial_.resize(es);
    if (X.full && n > 0) {  // every position, in order: the same fold
      v.fold(X.val.data(), n, partial_.data());
      add_partial(tile, partial_.data());
      return;
    }
    tval_.resize(size_t(n) * es);
    int64_t count = 0;
    for (int64_t c = 0; c < n; ++c)
      if (X.has[size_t(c)]) copy_element(tval_.data() + size_t(count++) * es, X.val.data() + size_t(c) * es, es);
    if (count == 0) return;
    v.fold(tval_.data(), count, partial_.data());
    add_partial(tile, partial_.data());
  }

  // One tile on proxies: each operation runs its own kernel on the tile's small objects.
  void proxy_tile(int64_t tile, int64_t lo, int64_t hi) {
    if (!proxies_) {
      proxies_ = true;
      for (Tiled &t : tiled_) t.proxy = proxy_of(*t.obj);
      map_ = [this](Matrix &m) -> Matrix & { return *proxy(&m); };
      if (reduce_) {
        partial_scalar_.reset(new Scalar());
        partial_scalar_->type = partials_->type;
      }
    }
    for (Tiled &t : tiled_) t.vector ? load_vector_tile(t, lo, hi) : load_matrix_tile(t, lo, hi);
    for (size_t k = first_; k < last_; ++k) {
      Pending &p = ops_[k];
      if (&p == source_) continue;
      if (&p == reduce_) {
        Scalar &s = *partial_scalar_;
        s.data = Csr(1, 1, *s.type);
        p.run(Bind{Output{&s, nullptr, nullptr, {}}, map_});
        if (s.data.nvals() == 1) add_partial(tile, s.data.val(0));
        continue;
      }
      Output out = p.out;
      out.C = proxy(out.C);
      out.M = proxy(out.M);
      p.run(Bind{out, map_});
    }
    for (Tiled &t : tiled_) {
      if (t.keep) append_tile(t, lo);
      if (t.sink) expand_iso(t.proxy->data), sink_proxy(t.proxy->data, lo, hi - lo);
    }
  }

  Matrix *proxy(Matrix *m) {
    Tiled *t = m ? find(m) : nullptr;
    return t ? t->proxy.get() : m;
  }

  std::vector<Pending> &ops_;
  size_t first_, last_;
  std::vector<Tiled> tiled_;
  Pending *reduce_ = nullptr;
  Pending *source_ = nullptr;               // a product starting the group (Fuse::product)
  Csr source_tile_;                         // ... its result's current tile
  DenseResult *sink_;                       // the sink's contents (Tiled::sink), or null
  bool vector_ = false;
  int64_t extent_ = 0, width_ = 0;
  int64_t densest_ = 1;                     // the most entries of an object of the group
  std::unique_ptr<Vector> partials_;
  std::vector<size_t> inputs_;              // value tiles: what they read in place
  bool shared_j_ = false;                   // value tiles so far: kept indices not yet written
  bool one_structure_ = false;              // the inputs have the same entries everywhere
  std::vector<Bytes> buf_;                  // value tiles: intermediates
  std::vector<char> partial_;
  // Value tiles' stages (every operation but a reduce) by the objects they read and write.
  struct Stage {
    const Pending *p;
    size_t x, y, c;         // kNone: no operand
    bool x_fresh, y_fresh;  // the operand is written by a stage before (read from there)
  };
  static constexpr size_t kNone = ~size_t(0);
  static constexpr int64_t kChunk = 256;
  std::vector<Stage> stages_;
  size_t reduce_x_ = kNone;    // the reduce's operand
  size_t whole_tile_ = kNone;  // ... when the group writes it and does not keep it: buffered whole
  std::vector<Dense> dense_;                // dense tiles, one per object
  std::vector<char> tval_, tacc_;
  bool tfull_ = false;                      // T has every position of the tile
  std::vector<uint8_t> thas_, allowed_;
  bool proxies_ = false;                    // proxy tiles: made on first use
  std::function<Matrix &(Matrix &)> map_;
  std::unique_ptr<Scalar> partial_scalar_;
};

}  // namespace

Csr stored(const DenseResult &d, const Matrix &m) {
  Csr c(1, m.ncols(), *m.type);
  append_present(c, d.val.data(), reinterpret_cast<const uint8_t *>(d.has.data()), d.nvals == m.ncols(), 0, m.ncols());
  c.p[1] = c.nvals();
  return c;
}

void run_fused(std::vector<Pending> &ops, size_t first, size_t last,
               const std::function<bool(const Matrix *)> &read_later,
               const std::function<void(Pending &, const Bind &)> &finish, const Matrix *sink,
               DenseResult *dense) {
  Group g(ops, first, last, read_later, sink, dense);
  g.run();
  g.commit(finish);
}

}  // namespace weft::lazy
