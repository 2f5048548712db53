// A fused group run tile by tile (queue.hpp): the operations of the group run one after
// the other on each tile, each through its own kernel, on proxies — small objects that
// hold one tile of each object the group touches. A tile is a range of a vector's
// indices or of a matrix's rows holding about kTileEntries entries of the densest
// object, so a tile of every object fits in L2: each input is read from memory once, the
// intermediates never leave the cache, and an object nothing reads after the group is
// never written at all. Entries of a tile are stored relative to its first index (the
// proxy's origin says where it lies, for index-unary operators), so a proxy is an
// ordinary small object and every kernel runs on it unchanged.
#include <algorithm>
#include <cstring>
#include <memory>

#include "queue.hpp"

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
  int64_t next = 0;       // vectors: the position in `whole` of the next tile's first entry
  bool written = false;   // some operation of the group writes it
  bool keep = false;      // ... and it is read afterwards: assembled into `built`
  Csr built;
};

std::unique_ptr<Matrix> proxy_of(const Matrix &m) {
  std::unique_ptr<Matrix> p(m.magic == Magic::vector ? new Vector() : new Matrix());
  p->type = m.type;
  return p;
}

// Sets d's shape and domain to a piece of w: nrows x ncols, nv entries.
void shape_like(Csr &d, const Csr &w, int64_t nrows, int64_t ncols, int64_t nv) {
  d.nrows = nrows;
  d.ncols = ncols;
  d.type = w.type;
  d.code = w.code;
  d.esize = w.esize;
  d.j.resize(size_t(nv));
  d.x.resize(size_t(nv * w.esize));
}

// The proxy of a vector holds indices [lo, hi), shifted to start at 0.
void load_vector_tile(Tiled &t, int64_t lo, int64_t hi) {
  const Csr &w = *t.whole;
  Csr &d = t.proxy->data;
  const int64_t *J = w.j.data(), a = t.next;
  const int64_t b = std::lower_bound(J + a, J + w.nvals(), hi) - J;
  shape_like(d, w, 1, hi - lo, b - a);
  d.p.assign(2, 0);
  d.p[1] = b - a;
  for (int64_t k = 0; k < b - a; ++k) d.j[size_t(k)] = J[a + k] - lo;
  if (b > a) std::memcpy(d.x.data(), w.val(a), size_t((b - a) * w.esize));
  t.next = b;
  t.proxy->origin = {0, lo};
  t.proxy->forget_derived();
}

// The proxy of a matrix holds rows [lo, hi), renumbered from 0.
void load_matrix_tile(Tiled &t, int64_t lo, int64_t hi) {
  const Csr &w = *t.whole;
  Csr &d = t.proxy->data;
  const int64_t a = w.row_begin(lo), b = w.row_begin(hi);
  shape_like(d, w, hi - lo, w.ncols, b - a);
  d.p.resize(size_t(hi - lo) + 1);
  for (int64_t i = 0; i <= hi - lo; ++i) d.p[size_t(i)] = w.p[size_t(lo + i)] - a;
  if (b > a) {
    std::memcpy(d.j.data(), w.j.data() + a, size_t(b - a) * sizeof(int64_t));
    std::memcpy(d.x.data(), w.val(a), size_t((b - a) * w.esize));
  }
  t.proxy->origin = {lo, 0};
  t.proxy->forget_derived();
}

// Appends the proxy's tile (its indices shifted back) to `built`.
void append_tile(Tiled &t, bool vector, int64_t lo) {
  const Csr &d = t.proxy->data;
  Csr &b = t.built;
  const int64_t base = b.nvals();
  if (vector) {
    b.j.resize(size_t(base + d.nvals()));
    for (int64_t k = 0; k < d.nvals(); ++k) b.j[size_t(base + k)] = d.j[size_t(k)] + lo;
  } else {
    b.j.insert(b.j.end(), d.j.begin(), d.j.end());
    for (int64_t i = 0; i < d.nrows; ++i) b.p.push_back(base + d.p[size_t(i) + 1]);
  }
  b.x.append(d.x.data(), d.x.size());
}

}  // namespace

void run_fused(std::vector<Pending> &ops, size_t first, size_t last,
               const std::function<bool(const Matrix *)> &read_later,
               const std::function<void(Pending &, const Bind &)> &finish) {
  // The group's objects (scalar arguments stay whole).
  std::vector<Tiled> tiled;
  auto add = [&](Matrix *m, bool written) {
    if (!m || m->magic == Magic::scalar) return;
    auto at = std::find_if(tiled.begin(), tiled.end(), [&](const Tiled &t) { return t.obj == m; });
    if (at == tiled.end()) {
      tiled.emplace_back(m);
      at = tiled.end() - 1;
    }
    at->written = at->written || written;
  };
  Pending *reduce = nullptr;
  for (size_t k = first; k < last; ++k) {
    Pending &p = ops[k];
    if (p.fuse == Fuse::reduce) reduce = &p;
    else add(p.C.get(), true);
    for (const Ref<Matrix> &r : p.reads) add(r.get(), false);
  }
  const Matrix &shape = *tiled.front().obj;
  const bool vector = shape.magic == Magic::vector;
  int64_t densest = 1;
  for (Tiled &t : tiled) {
    t.whole = &t.obj->ready();
    t.proxy = proxy_of(*t.obj);
    t.keep = t.written && read_later(t.obj);
    if (t.keep) {
      t.built = Csr(0, t.whole->ncols, *t.obj->type);
      t.built.nrows = t.whole->nrows;
      if (vector) t.built.p.assign(1, 0);
    }
    densest = std::max(densest, t.whole->nvals());
  }
  // Tiles of about kTileEntries entries of the densest object, at least that wide.
  const int64_t extent = vector ? shape.ncols() : shape.nrows();
  const double per_entry = double(extent) / double(densest);
  const int64_t width = std::max<int64_t>(vector ? kTileEntries : 1,
                                          std::min<double>(double(extent), per_entry * double(kTileEntries)));

  auto proxy = [&](Matrix *m) -> Matrix * {
    if (!m) return nullptr;
    for (Tiled &t : tiled)
      if (t.obj == m) return t.proxy.get();
    return m;
  };
  const std::function<Matrix &(Matrix &)> map = [&](Matrix &m) -> Matrix & { return *proxy(&m); };

  // A reduce ending the group reduces each tile to one value of its monoid's domain;
  // `partials` holds them in tile order, reduced at the end by the operation itself.
  std::unique_ptr<Scalar> partial;
  std::unique_ptr<Vector> partials;
  if (reduce) {
    Type *pt = const_cast<Type *>(reduce->partial);
    partial.reset(new Scalar());
    partial->type = Ref<Type>(pt);
    partials.reset(new Vector());
    partials->type = Ref<Type>(pt);
    partials->data = Csr(1, (extent + width - 1) / width, *pt);
  }

  int64_t tile = 0;
  for (int64_t lo = 0; lo < extent; lo += width, ++tile) {
    const int64_t hi = std::min(extent, lo + width);
    for (Tiled &t : tiled) vector ? load_vector_tile(t, lo, hi) : load_matrix_tile(t, lo, hi);
    for (size_t k = first; k < last; ++k) {
      Pending &p = ops[k];
      if (&p == reduce) {
        partial->data = Csr(1, 1, *partial->type);
        p.run(Bind{Output{partial.get(), nullptr, nullptr, {}}, map});
        Csr &s = partial->data;
        if (s.nvals() == 1) {
          Csr &v = partials->data;
          v.push(tile, s.val(0));
          v.p[1] = v.nvals();
        }
        continue;
      }
      Output out = p.out;
      out.C = proxy(out.C);
      out.M = proxy(out.M);
      p.run(Bind{out, map});
    }
    for (Tiled &t : tiled)
      if (t.keep) append_tile(t, vector, lo);
  }

  // Nothing failed: the new contents replace the old.
  int64_t skipped = 0, bytes = 0;
  for (Tiled &t : tiled) {
    if (!t.written) continue;
    if (!t.keep) {
      ++skipped;
      continue;
    }
    if (vector) t.built.p.push_back(t.built.nvals());
    bytes += t.built.nvals() * (int64_t(sizeof(int64_t)) + t.built.esize);
    t.obj->assign(std::move(t.built));
  }
  count_fused(int64_t(last - first), skipped, bytes);
  if (reduce) {
    partials->forget_derived();
    finish(*reduce, Bind{reduce->out, [&](Matrix &m) -> Matrix & {
                           return &m == reduce->reduced ? *partials : m;
                         }});
  }
}

}  // namespace weft::lazy
