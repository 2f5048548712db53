// The semiring products' loops, written once over a multiply-add policy:
//
//   GenericMA       any semiring on any domains: the operators' C functions, inputs cast
//                   to the multiply's domains (one indirect call per operator use);
//   TypedMA<T,A,M>  a predefined semiring whose inputs already have its domain T: the
//                   functors of ops.hpp inlined into the loop (the semirings listed in
//                   WEFT_FAST_SEMIRINGS, mxm.cpp; each costs build time, so only those the
//                   benchmarks and graph algorithms use).
//
// A policy gives zsize (bytes of one result), a(k)/b(k) (where input value k is),
// product(z, a, b): z = a*b, accumulate(z, a, b): z = z + a*b, and terminal(z): no later
// term can change z (ANY, LOR at true, ...: dot products stop early).
//
// Both kernels take the output rule's mask (RowMask) and compute T only where the mask can
// admit an entry: write_back discards T elsewhere, so the result is the same and
// C<M> = A*B costs the flops that land in M (triangle counting), a complemented mask the
// flops outside it (BFS's unvisited vertices).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <memory>
#include <utility>
#include <vector>

#include "../algebra/semiring.hpp"
#include "../jit/compile.hpp"
#include "../jit/dots.hpp"
#include "../support/error.hpp"
#include "column_bits.hpp"
#include "column_blocks.hpp"
#include "column_hash.hpp"
#include "csr.hpp"
#include "parallel.hpp"

namespace weft::kernels {

// The mask of C<M> = T as the kernels see it: M's pattern (values cast to BOOL unless
// structural), complemented or not. m == nullptr: no mask (every position, unless
// complement: none, which callers handle before computing anything).
struct RowMask {
  const Csr *m = nullptr;
  bool structural = true, complement = false;
  CastFn to_bool = nullptr;  // valued masks

  RowMask(const Csr *mask, bool structural_, bool complement_)
      : m(mask), structural(structural_), complement(complement_) {
    if (m && !structural) to_bool = cast_fn(Code::BOOL, m->code);
  }
  // Whether mask entry k (of any row) is set (its value true, or any value if structural).
  bool set(int64_t k) const {
    if (structural) return true;
    bool b = false;
    to_bool(&b, m->val(k));
    return b;
  }
  // Only positions of M's entries can be admitted.
  bool restricts() const { return m && !complement; }
};

// swapped: the kernel's first operand is the multiply's second input and its second
// the multiply's first (a pull of vxm through A' or a push of mxv through A': the
// kernels read the matrix as their A), so any multiply can take either direction.
struct GenericMA {
  const BinaryOp *mult, *add;
  bool swapped;
  Cast a_to_x, b_to_y;  // the kernel's a and b into the multiply's inputs they meet
  int64_t zsize;
  const Csr *A, *B;
  std::vector<char> x, y, t;  // scratch elements of the kernel's a and b as cast, and of the output
  bool a_direct = power_of_two(A->esize), b_direct = power_of_two(B->esize);
  static bool power_of_two(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

  GenericMA(const Semiring &s, const Csr &a, const Csr &b, bool swap = false)
      : mult(s.multiply.get()), add(s.add->op.get()), swapped(swap),
        a_to_x(make_cast(swap ? *s.multiply->ytype : *s.multiply->xtype, *a.type)),
        b_to_y(make_cast(swap ? *s.multiply->xtype : *s.multiply->ytype, *b.type)),
        zsize(element_size(*s.add->domain)), A(&a), B(&b),
        x(size_t(element_size(swap ? *s.multiply->ytype : *s.multiply->xtype)) + 1),
        y(size_t(element_size(swap ? *s.multiply->xtype : *s.multiply->ytype)) + 1), t(size_t(zsize) + 1) {}
  const char *a(int64_t k) const { return A->val(k); }
  const char *b(int64_t k) const { return B->val(k); }
  void product(char *z, const char *av, const char *bv) {
    // Inputs already in the multiply's domains are passed where they are stored, when
    // that is as aligned as a copy (a power-of-two size: offsets k * size keep it).
    const char *xv = av, *yv = bv;
    if (a_to_x.fn || !a_direct) a_to_x(x.data(), av), xv = x.data();
    if (b_to_y.fn || !b_direct) b_to_y(y.data(), bv), yv = y.data();
    if (swapped)
      mult->f(z, yv, xv);
    else
      mult->f(z, xv, yv);
  }
  void accumulate(char *z, const char *av, const char *bv) {
    product(t.data(), av, bv);
    add->f(z, z, t.data());
  }
  static bool terminal(const char *) { return false; }
  static constexpr bool typed = false;
  // dots_range's loop compiled with the operators inlined, when both came with their
  // source and no input is cast (core/jit/dots.hpp); set by dots(), else nullptr.
  jit::DotsFn dots_fn = nullptr;
  // (Not for an iso u: the compiled loop reads a value of u per entry; an iso A is read
  // as its one value.)
  void compile_dots() {
    if (!B->iso) dots_fn = jit::dots_kernel(*add, *mult, A->code, B->code, swapped);
  }
};

template <class T, class Add, class Mul>
struct TypedMA {
  static constexpr bool typed = true;  // also: value_type, value(k) of A/B, mul, add, stops
  using value_type = T;
  static constexpr int64_t zsize = int64_t(sizeof(T));
  const T *A, *B;
  int64_t sa, sb;  // 0 for an iso input (one value read for all), else 1
  // An input the multiply never reads (PAIR's two, FIRST's second, SECOND's first) may
  // have any domain: it is read as `unread`, one T, so nothing outside it is touched.
  T unread{};
  TypedMA(const Csr &a, const Csr &b, bool a_iso = false, bool b_iso = false, bool a_read = true, bool b_read = true)
      : A(a_read ? reinterpret_cast<const T *>(a.x.data()) : &unread),
        B(b_read ? reinterpret_cast<const T *>(b.x.data()) : &unread), sa(a_iso || !a_read ? 0 : 1),
        sb(b_iso || !b_read ? 0 : 1) {}
  TypedMA(const TypedMA &o)
      : A(o.A == &o.unread ? &unread : o.A), B(o.B == &o.unread ? &unread : o.B), sa(o.sa), sb(o.sb) {}
  TypedMA &operator=(const TypedMA &) = delete;
  const T *a(int64_t k) const { return A + k * sa; }
  const T *b(int64_t k) const { return B + k * sb; }
  static T mul(T a, T b) { return Mul::f(a, b); }
  static T add(T a, T b) { return Add::f(a, b); }
  // A start s with add(s, t) == t bit for bit for every t: the monoid's identity, but -0
  // for floating PLUS (0 + -0 is +0). A sum may start from it before its first term.
  static constexpr T neutral() {
    if constexpr (std::is_same_v<Add, ops::Plus> && std::is_floating_point_v<T>) return T(-0.0);
    else return Add::template identity<T>();
  }
  static constexpr bool can_stop = std::is_same_v<Add, ops::Any> || Add::template terminal<T>().has_value();
  // Every sum is 1 (ANY of PAIRs: the product's pattern, mxm.cpp's iso rule and BFS):
  // the dense workspace then keeps states only, no values.
  static constexpr bool pattern = std::is_same_v<Add, ops::Any> && std::is_same_v<Mul, ops::Pair>;
  // Its terminal is an extreme value (Monoid::stops_rarely): sums by column blocks,
  // which never stop early, give the same results and pay as for monoids without one.
  static constexpr bool stops_rarely = std::is_same_v<Add, ops::Min> || std::is_same_v<Add, ops::Max>;
  // The product is the second operand itself (SECOND; PLUS_FIRST's vxm, swapped): a
  // missing u(k) spread as the neutral value then adds nothing, with no test.
  static constexpr bool passes_b = std::is_same_v<Mul, ops::Second>;
  // The same at run time: also TIMES by a first operand that is all ones (an iso
  // pattern matrix: 1 * b is b, bit for bit, NaN, -0 and infinities included).
  bool product_is_b() const {
    if constexpr (passes_b) return true;
    else if constexpr (std::is_same_v<Mul, ops::Times> && std::is_floating_point_v<T>)
      return sa == 0 && A && *A == T(1);  // (an empty iso matrix has no value array)
    else return false;
  }
  static bool stops(T c) {
    constexpr auto term = Add::template terminal<T>();
    if constexpr (std::is_same_v<Add, ops::Any>) return true;
    else if constexpr (term.has_value()) return c == *term;
    else return false;
  }
  static void product(char *z, const T *av, const T *bv) {
    const T r = Mul::f(*av, *bv);
    std::memcpy(z, &r, sizeof(T));
  }
  static void accumulate(char *z, const T *av, const T *bv) {
    T c;
    std::memcpy(&c, z, sizeof(T));
    c = Add::f(c, Mul::f(*av, *bv));
    std::memcpy(z, &c, sizeof(T));
  }
  static bool terminal(const char *z) {
    T c;
    std::memcpy(&c, z, sizeof(T));
    return stops(c);
  }
};

// The rows of B that entries ka + kNear and ka + kFar of a list `cols` of B's rows
// (A's column indices, a mask's) will visit are scattered in memory: a cache miss each,
// which is most of a sparse product's time when B is larger than the cache. Their row
// pointers are fetched kFar ahead and their columns and values kNear ahead (the row
// pointer is in cache by then), so the misses overlap instead of following each other.
constexpr int64_t kNear = 8, kFar = 16;
template <class MA>
[[gnu::always_inline]] inline void prefetch_row(const MA &ma, const int64_t *Bp, const int64_t *Bj, const int64_t *cols,
                                                int64_t at, int64_t count) {
  if (at + kFar < count) __builtin_prefetch(Bp + cols[at + kFar]);
  if (at + kNear < count) {
    const int64_t kb = Bp[cols[at + kNear]];
    __builtin_prefetch(Bj + kb);
    __builtin_prefetch(ma.b(kb));
  }
}

// prefetch_row for the pattern only (the symbolic phase, the hash's rows).
[[gnu::always_inline]] inline void prefetch_rows(const int64_t *Bp, const int64_t *Bj, const int64_t *Aj, int64_t ka,
                                                 int64_t total) {
  if (ka + kFar < total) __builtin_prefetch(Bp + Aj[ka + kFar]);
  if (ka + kNear < total) __builtin_prefetch(Bj + Bp[Aj[ka + kNear]]);
}

inline double mean_row_length(const Csr &B) { return double(B.nvals()) / double(std::max<int64_t>(B.nrows, 1)); }

// The columns [c0, c1) of T a kernel computes: all of them, or one thread's share of a
// one-row product (gustavson splits a pushed vector by columns). begin(): where B's row
// [b, e) enters the window (its columns are sorted).
struct Window {
  int64_t c0, c1;
  bool whole;
  int64_t begin(const int64_t *Bj, int64_t b, int64_t e) const {
    return whole || c0 == 0 ? b : int64_t(seek_sorted(Bj + b, Bj + e, c0) - Bj);
  }
  // Where the row [b, e), entered at b, leaves it (searched once, not tested per product).
  int64_t end(const int64_t *Bj, int64_t b, int64_t e) const {
    return whole ? e : int64_t(std::lower_bound(Bj + b, Bj + e, c1) - Bj);
  }
};

// Where the numeric phase writes: row i's entries (the count the symbolic phase found)
// at j[start[i - r0]] .. and x at the same positions, so threads write their rows in
// place, with no regrowth and no join. With `kept`, the room is only a bound (a mask's
// row: gustavson's mask_bounds_rows) and kept[r] gets the entries row r0 + r wrote.
struct RowsOut {
  const int64_t *start;  // start[r] .. start[r + 1]: row r0 + r's positions
  int64_t *j;
  char *x;
  int64_t *kept = nullptr;
  // Row i (= r0 + r) wrote n entries into a room of `room`.
  void filled(int64_t i, int64_t r, int64_t n, int64_t room) const;
};

// The symbolic phase (gustavson_count.cpp): counts[i - r0] = the number of entries row i
// of T = A * B keeps in the window, mask applied as gustavson_rows applies it. Pattern
// only, one compiled body for every semiring.
void gustavson_count(const Csr &A, const Csr &B, const RowMask &mask, int64_t r0, int64_t r1, const Window &win,
                     int64_t *counts);

// The mask's entries of row i inside the window, [first, second) of its arrays (the
// mask has T's shape). One rule for the symbolic and the numeric phases: the numeric
// writes each row in the room the symbolic counted.
inline std::pair<int64_t, int64_t> mask_window(const RowMask &mask, int64_t i, const Window &win) {
  if (!mask.m) return {0, 0};
  int64_t mb = mask.m->row_begin(i), me = mask.m->row_end(i);
  if (!win.whole) {
    const int64_t *Mj = mask.m->j.data();
    mb = int64_t(seek_sorted(Mj + mb, Mj + me, win.c0) - Mj);
    me = int64_t(seek_sorted(Mj + mb, Mj + me, win.c1) - Mj);
  }
  return {mb, me};
}

// A row whose count disagrees with the symbolic phase's (a bug: the two phases apply one
// rule): fails instead of leaving a result with a hole or a row written into the next.
inline void check_row_room(int64_t i, int64_t n, int64_t room) {
  if (n != room)
    fail(WEFT_PANIC, "mxm: row %lld has %lld entries where %lld were counted", (long long)i, (long long)n,
         (long long)room);
}

inline void RowsOut::filled(int64_t i, int64_t r, int64_t n, int64_t room) const {
  if (!kept) return check_row_room(i, n, room);
  if (n > room)
    fail(WEFT_PANIC, "mxm: row %lld has %lld entries where its bound is %lld", (long long)i, (long long)n,
         (long long)room);
  kept[r] = n;
}

// Whether row i of T = A * B is expected to reach a quarter of the window's columns or
// more (a vector pushed through B: shortest paths' frontiers, betweenness's levels), so
// that dense_accumulate pays; a mask that admits few columns of the row (triangle
// counting's L) keeps the ordinary walk: its output is the mask's row, where the dense
// one scans the whole width.
inline bool takes_dense_row(const Csr &A, const RowMask &mask, int64_t i, const Window &win, double b_row) {
  const int64_t width = win.c1 - win.c0;
  return double(A.row_end(i) - A.row_begin(i)) * b_row * 4 >= double(width) &&
         (!mask.restricts() || (mask.m->row_end(i) - mask.m->row_begin(i)) * 4 >= width);
}

// Row i of T = A * B (its columns in the window) accumulated in a workspace of neutral
// values (TypedMA's neutral: the first product added to it is that product, bit for
// bit): O(products + the window's width), no branch on a column's state per product. A
// column's state byte: bit 0 a product reached it, bit 1 the mask's row has an entry
// there that is set. Returns the state a kept column has: reached and, with a mask, in
// the mask's row (complemented: not in it); the products at other columns are computed
// and dropped. states: B.ncols bytes, 0 in the window; dense_collect clears them.
// The products' columns are scattered over a workspace larger than L2 (R-MAT 2^18's: 2 MiB
// of values): the value kScatterAhead products ahead is prefetched from B's column index,
// already in cache, so that the read-modify-writes' misses overlap (R-MAT 2^18 SSSP
// 35.5-37.9 -> 32.5-34.3 ms at 1 thread; the same prefetch in gustavson_rows' state and
// value measured slower on R-MAT's C<A> = A*A, 2.7-3.0 -> 3.3-3.7 s).
constexpr int64_t kScatterAhead = 32, kScatterBeyond = int64_t(1) << 20;
template <class MA>
uint8_t dense_accumulate(const MA &ma, const Csr &A, const Csr &B, int64_t i, const RowMask &mask, const Window &win,
                         uint8_t *states, typename MA::value_type *w) {
  using V = typename MA::value_type;
  const int64_t *Bp = B.p.data(), *Bj = B.j.data(), *Aj = A.j.data();
  uint8_t wanted = 1;
  if (mask.m) {
    const auto [mb, me] = mask_window(mask, i, win);
    const int64_t *Mj = mask.m->j.data();
    for (int64_t q = mb; q < me; ++q)
      if (mask.set(q)) states[Mj[q]] = 2;
    wanted = mask.complement ? 1 : 3;
  }
  if constexpr (!MA::pattern) std::fill(w + win.c0, w + win.c1, MA::neutral());
  // B's values and step in locals: the byte stores to states may alias any memory, so
  // read through ma they were reloaded after each one (SSSP's pushes 1.5x slower).
  const V *Bx = ma.B;
  const int64_t sb = ma.sb;
  const int64_t ka_end = A.row_end(i), nva = A.nvals();
  // (no prefetch where the window's values fit in L2: there it only cost, uniform 2^16 BC
  // 35-40 -> 43-44 ms)
  const bool far = double(win.c1 - win.c0) * sizeof(V) > double(kScatterBeyond);
  const int64_t last_ahead = far ? B.nvals() - kScatterAhead : 0;
  for (int64_t ka = A.row_begin(i); ka < ka_end; ++ka) {
    prefetch_row(ma, Bp, Bj, Aj, ka, nva);
    const V av = *ma.a(ka);
    const int64_t k = Aj[ka];
    for (int64_t kb = win.begin(Bj, Bp[k], Bp[k + 1]), kb_end = win.end(Bj, kb, Bp[k + 1]); kb < kb_end; ++kb) {
      const int64_t c = Bj[kb];
      if (kb < last_ahead) {  // (a pattern scatters to the states only)
        if constexpr (MA::pattern) __builtin_prefetch(states + Bj[kb + kScatterAhead], 1);
        else __builtin_prefetch(w + Bj[kb + kScatterAhead], 1);
      }
      states[c] |= 1;
      if constexpr (!MA::pattern) w[c] = MA::add(w[c], MA::mul(av, Bx[kb * sb]));
    }
  }
  return wanted;
}

// How many columns of the window dense_accumulate kept.
inline int64_t dense_count(const uint8_t *states, uint8_t wanted, const Window &win) {
  int64_t n = 0;
  for (int64_t c = win.c0; c < win.c1; ++c) n += states[c] == wanted;
  return n;
}

// The kept columns of the window written in order at oj/ox (at most room of them), the
// states cleared; returns how many were kept. Every column is stored at the count, which
// advances when the column is kept: no unpredictable branch per column. A store past
// the room would land in the next row (another thread's, perhaps): `n < room` is false
// only from there on. Pattern (MA::pattern): every value is 1, w is not read.
template <bool Pattern, class V>
int64_t dense_collect(uint8_t *states, const V *w, uint8_t wanted, const Window &win, int64_t *oj, V *ox, int64_t room) {
  int64_t n = 0;
  for (int64_t c = win.c0; c < win.c1; ++c) {
    if (n < room) oj[n] = c, ox[n] = Pattern ? V(1) : w[c];
    n += states[c] == wanted;
    states[c] = 0;
  }
  return n;
}

// The products of row i of A with B (T = A * B): the sum of the lengths of the B rows it meets.
inline int64_t row_products(const Csr &A, const Csr &B, int64_t i) {
  int64_t f = 0;
  for (int64_t ka = A.row_begin(i); ka < A.row_end(i); ++ka) f += B.row_end(A.j[size_t(ka)]) - B.row_begin(A.j[size_t(ka)]);
  return f;
}

// before[i] = the products of A's rows [0, i) with B, plus one per row (an empty row
// still costs its visit): the weights that split rows across threads.
inline std::vector<int64_t> products_before(const Csr &A, const Csr &B) {
  std::vector<int64_t> before(size_t(A.nrows) + 1, 0);
  for (int64_t i = 0; i < A.nrows; ++i) before[size_t(i) + 1] = before[size_t(i)] + 1 + row_products(A, B, i);
  return before;
}

// Thread p's share of T's columns when a product is split by columns into nt windows.
inline Window column_window(int64_t ncols, int nt, int p) {
  return nt == 1 ? Window{0, ncols, true} : Window{ncols / nt * p, p + 1 == nt ? ncols : ncols / nt * (p + 1), false};
}

// Products of at most this many rows may be computed whole in dense workspaces
// (dense_few_rows); their workspaces together at most kDenseWorkspace bytes.
constexpr int64_t kFewRows = 8;
constexpr double kDenseWorkspace = double(int64_t(256) << 20);

// The mean length of the B rows that row i of A meets, for takes_dense_row: counted
// exactly (its products over its entries) when A has a few rows, a pushed vector whose
// entries are often B's longest rows; else B's mean, b_mean. A shortest-paths frontier of
// R-MAT 2^20's hubs (3855 entries, 1466 products each where B's mean is 30) reaches 41% of
// the columns; judged by B's mean it took the ordinary walk, 58-75 ms against 23-26 dense.
inline double met_row_length(const Csr &A, const Csr &B, int64_t i, double b_mean) {
  const int64_t entries = A.row_end(i) - A.row_begin(i);
  if (A.nrows > kFewRows || entries == 0) return b_mean;
  return double(row_products(A, B, i)) / double(entries);
}

// Whether dense_few_rows takes T = A * B: a few rows, every one that has entries long
// enough for dense_accumulate in its window (`win`: the first window of a split row).
inline bool few_dense_rows(const Csr &A, const Csr &B, const RowMask &mask, const Window &win, int64_t zsize) {
  if (A.nrows < 1 || A.nrows > kFewRows || A.nvals() == 0) return false;
  if (double(A.nrows) * double(B.ncols) * double(zsize + 1) > kDenseWorkspace) return false;
  for (int64_t i = 0; i < A.nrows; ++i)
    if (A.row_end(i) > A.row_begin(i) &&
        !takes_dense_row(A, mask, i, A.nrows == 1 ? win : Window{0, B.ncols, true}, met_row_length(A, B, i, 0 /* (counted) */)))
      return false;
  return true;
}

// T = A * B for a few rows that each reach much of B (SSSP's and betweenness's
// frontiers: one row, or a batch of sources), in one pass over B's rows where the count
// and the numeric phases take two (R-MAT 2^16 SSSP, the 8193-vertex frontier: 7.3 ->
// 5.6 ms). Each unit, a window of the one row (split by T's columns, one per thread) or
// a whole row (rows split across threads by their products), is accumulated in its own
// workspace and counted from its states; then T is sized once and each unit's kept
// columns are written where the counts put them.
template <class MA>
Csr dense_few_rows(const MA &ma, const Csr &A, const Csr &B, const RowMask &mask, const Type &ztype, int windows) {
  using V = typename MA::value_type;
  struct Unit {
    int64_t row;
    Window win;
  };
  std::vector<Unit> units;
  int nt = windows;
  std::vector<int64_t> bounds;  // thread p takes units bounds[p] .. bounds[p + 1]
  if (A.nrows == 1) {
    for (int p = 0; p < windows; ++p) units.push_back({0, column_window(B.ncols, windows, p)});
    for (int p = 0; p <= windows; ++p) bounds.push_back(p);
  } else {
    for (int64_t i = 0; i < A.nrows; ++i) units.push_back({i, Window{0, B.ncols, true}});
    const std::vector<int64_t> before = products_before(A, B);
    nt = int(std::min<int64_t>(threads_for(before.back()), A.nrows));
    bounds = balanced_ranges(A.nrows, nt, [&](int64_t r) { return before[size_t(r)]; });
  }
  const size_t nu = units.size();
  std::vector<std::unique_ptr<V[]>> ws(nu);
  std::vector<std::vector<uint8_t>> st(nu);
  std::vector<uint8_t> wanted(nu, 0);
  std::vector<int64_t> at(nu + 1, 0);  // where each unit's entries start
  run_parts(nt, [&](int p) {
    for (size_t u = size_t(bounds[size_t(p)]); u < size_t(bounds[size_t(p) + 1]); ++u) {
      const Unit &t = units[u];
      if (A.row_end(t.row) == A.row_begin(t.row)) continue;
      ws[u].reset(new V[size_t(B.ncols)]);  // (not zeroed: the window is filled)
      st[u].assign(size_t(B.ncols), 0);
      wanted[u] = dense_accumulate(ma, A, B, t.row, mask, t.win, st[u].data(), ws[u].get());
      at[u + 1] = dense_count(st[u].data(), wanted[u], t.win);
    }
  });
  for (size_t u = 0; u < nu; ++u) at[u + 1] += at[u];
  Csr T(A.nrows, B.ncols, ztype);
  T.j.resize(size_t(at[nu]));
  T.x.resize(size_t(at[nu]) * sizeof(V));
  int64_t *Tj = T.j.data();
  V *Tx = reinterpret_cast<V *>(T.x.data());
  if (A.nrows == 1) T.p[1] = at[nu];
  else for (size_t u = 0; u < nu; ++u) T.p[u + 1] = at[u + 1];
  run_parts(nt, [&](int p) {
    for (size_t u = size_t(bounds[size_t(p)]); u < size_t(bounds[size_t(p) + 1]); ++u) {
      if (!ws[u]) continue;
      const int64_t room = at[u + 1] - at[u];
      check_row_room(units[u].row,
                     dense_collect<MA::pattern>(st[u].data(), ws[u].get(), wanted[u], units[u].win, Tj + at[u], Tx + at[u], room), room);
      ws[u].reset();
      std::vector<uint8_t>().swap(st[u]);
    }
  });
  return T;
}

// The most entries hash_row may number for row i: the mask row's and the products'.
inline int64_t hash_row_entries(const Csr &A, const Csr &B, const RowMask &mask, int64_t i) {
  return (mask.m ? mask.m->row_end(i) - mask.m->row_begin(i) : 0) + (mask.restricts() ? 0 : row_products(A, B, i));
}

// Row i of T = A * B in the window through a ColumnHash (column_hash.hpp), for a T too
// wide for a dense workspace: the mask's set entries of the row are added first, then
// each product's column; hit(e, ka, kb, first) is called for each product the mask
// admits, e its column's entry (< hash_row_entries), first for the entry's first
// product. reached[e] is then 1 exactly for the entries T keeps; sorted: their entry
// order is their column order (the mask row's, when the mask restricts), else the
// caller sorts them.
template <class Hit>
bool hash_row(const Csr &A, const Csr &B, const RowMask &mask, int64_t i, const Window &win, ColumnHash &h,
              std::vector<uint8_t> &reached, Hit hit) {
  const auto [mb, me] = mask_window(mask, i, win);
  const int64_t *Bp = B.p.data(), *Bj = B.j.data(), *Aj = A.j.data();
  const bool only_mask = mask.restricts();
  const int64_t most = hash_row_entries(A, B, mask, i);
  h.reset(most);
  reached.assign(size_t(most), 0);
  bool fresh = false;
  for (int64_t q = mb; q < me; ++q)
    if (mask.set(q)) h.add(mask.m->j[size_t(q)], fresh);
  const int64_t nmask = h.size();  // (complemented: entries no product may take)
  for (int64_t ka = A.row_begin(i), ka_end = A.row_end(i), total = A.nvals(); ka < ka_end; ++ka) {
    prefetch_rows(Bp, Bj, Aj, ka, total);
    const int64_t k = Aj[ka];
    for (int64_t kb = win.begin(Bj, Bp[k], Bp[k + 1]), kb_end = win.end(Bj, kb, Bp[k + 1]); kb < kb_end; ++kb) {
      const int64_t e = only_mask ? h.find(Bj[kb]) : h.add(Bj[kb], fresh);
      if (only_mask ? e < 0 : e < nmask) continue;
      const bool first = !reached[size_t(e)];
      reached[size_t(e)] = 1;
      hit(e, ka, kb, first);
    }
  }
  return only_mask;
}

// The entries hash_row kept, in column order.
inline void hashed_entries(const ColumnHash &h, const std::vector<uint8_t> &reached, bool sorted,
                           std::vector<int64_t> &kept) {
  kept.clear();
  for (int64_t e = 0; e < h.size(); ++e)
    if (reached[size_t(e)]) kept.push_back(e);
  if (!sorted) std::sort(kept.begin(), kept.end(), [&](int64_t a, int64_t b) { return h.columns()[a] < h.columns()[b]; });
}

// Whether a product of row i of A lands on a column whose state is `admit`, the scan
// stopped at the first: rows a mask bounds (RowsOut::kept) are not counted first, and
// this is the count's one use left, skipping rows that keep nothing (a uniform graph's
// C<A> = A*A keeps nothing in 94% of its rows: without the test, reading their products'
// values took twice the count's time) while a row that keeps something stops early.
inline bool reaches(const Csr &A, const int64_t *Bp, const int64_t *Bj, int64_t i, const Window &win,
                    const uint8_t *states, uint8_t admit) {
  const int64_t *Aj = A.j.data();
  for (int64_t ka = A.row_begin(i), ka_end = A.row_end(i), total = A.nvals(); ka < ka_end; ++ka) {
    prefetch_rows(Bp, Bj, Aj, ka, total);
    const int64_t k = Aj[ka];
    for (int64_t kb = win.begin(Bj, Bp[k], Bp[k + 1]), e = win.end(Bj, kb, Bp[k + 1]); kb < e; ++kb)
      if (states[Bj[kb]] == admit) return true;
  }
  return false;
}

// T = A * B by Gustavson's method: row i of T accumulates A(i,k) * B(k,:) in a dense
// workspace as wide as B, each column's state in one byte (so the states of a wide B
// stay in cache): 0 untouched, `admit` allowed by the mask, `full` holds a value;
// a complemented mask marks its columns `forbidden`. The states a row set are cleared
// again from the mask's row and the list of touched columns, so nothing is O(width) per
// row. Work O(flops + the mask's entries + output ordering), output rows sorted.
// Rows r0 .. r1 of T (the numeric phase: out has their room, gustavson_count's counts).
// kDense: rows may take dense_row (compiled only where some row can: its code in the
// same body made GCC spill the ordinary loop's registers, masked products 25% slower).
template <class MA, bool kDense>
void gustavson_rows(MA ma, const Csr &A, const Csr &B, const RowMask &mask, int64_t r0, int64_t r1, Window win,
                    const RowsOut &out) {
  enum : uint8_t { untouched = 0, admit = 1, full = 2, forbidden = 3 };
  const int64_t zs = ma.zsize, ncols = B.ncols;
  const bool hashed = hashes_rows(win.c1 - win.c0);  // (no dense workspace then)
  std::vector<char> work(hashed ? 1 : size_t(ncols * zs) + 1);
  std::vector<uint8_t> state(hashed ? 0 : size_t(ncols), untouched);
  std::vector<int64_t> touched;            // the columns a row reached, unless the mask restricts
  ColumnBits order(hashed ? 0 : ncols);    // puts them in order
  std::vector<int64_t> kept;               // a hashed row's entries
  ColumnHash hash;
  std::vector<uint8_t> reached;
  std::vector<char> hv;  // a hashed row's values by entry
  const bool only_mask = mask.restricts();
  // Raw pointers in locals: the stores through char *z may alias anything reachable,
  // and would make the compiler reload every vector's data pointer per product.
  const int64_t *Bp = B.p.data(), *Bj = B.j.data();
  uint8_t *states = state.data();
  char *w = work.data();
  const double b_row = mean_row_length(B);
  for (int64_t i = r0; i < r1; ++i) {
    const int64_t at = out.start[i - r0], room = out.start[i - r0 + 1] - at;
    if (room == 0) continue;  // (an empty row of A, or no product the mask admits)
    int64_t *oj = out.j + at;
    char *ox = out.x + at * zs;
    if constexpr (MA::typed && kDense) {
      // A long row: the workspace starts at the monoid's neutral value everywhere and
      // every product is added there, no state tested, no touched list.
      using V = typename MA::value_type;
      if (!hashed && takes_dense_row(A, mask, i, win, met_row_length(A, B, i, b_row))) {
        V *wv = reinterpret_cast<V *>(w);
        const uint8_t wanted = dense_accumulate(ma, A, B, i, mask, win, states, wv);
        out.filled(i, i - r0, dense_collect<MA::pattern>(states, wv, wanted, win, oj, reinterpret_cast<V *>(ox), room), room);
        continue;
      }
    }
    if (hashed) {
      const int64_t most = hash_row_entries(A, B, mask, i);  // (values for that many entries)
      if (hv.size() < size_t(most * zs)) hv.resize(size_t(most * zs));
      char *v = hv.data();
      const bool sorted = hash_row(A, B, mask, i, win, hash, reached, [&](int64_t e, int64_t ka, int64_t kb, bool first) {
        if (first) ma.product(v + e * zs, ma.a(ka), ma.b(kb));
        else ma.accumulate(v + e * zs, ma.a(ka), ma.b(kb));
      });
      hashed_entries(hash, reached, sorted, kept);
      const int64_t n = int64_t(kept.size());
      out.filled(i, i - r0, n, room);
      for (int64_t q = 0; q < n; ++q) {
        oj[q] = hash.columns()[kept[size_t(q)]];
        std::memcpy(ox + q * zs, v + kept[size_t(q)] * zs, size_t(zs));
      }
      continue;
    }
    // (not a structured binding: put's lambda reads me, which C++17 does not let it capture)
    const std::pair<int64_t, int64_t> mrow = mask_window(mask, i, win);
    const int64_t mb = mrow.first, me = mrow.second;
    const int64_t *Mj = mask.m ? mask.m->j.data() : nullptr;  // (a local: see Bp's)
    // A complemented mask's row far longer than the row's room (a BFS's few last vertices
    // under the 700k it has visited) is searched for each column put, in column order,
    // instead of scattered into the states and cleared again.
    const bool search = !only_mask && mask.m && me - mb > 8 * room;
    const uint8_t mark = only_mask ? admit : forbidden;
    if (!search && mask.structural) {  // (the mask has T's shape)
      for (int64_t q = mb; q < me; ++q) states[Mj[q]] = mark;
    } else if (!search) {
      for (int64_t q = mb; q < me; ++q)
        if (mask.set(q)) states[Mj[q]] = mark;
    }
    if (out.kept && only_mask && !reaches(A, Bp, Bj, i, win, states, admit)) {
      for (int64_t q = mb; q < me; ++q) states[Mj[q]] = untouched;
      continue;  // (kept: 0)
    }
    touched.clear();
    for (int64_t ka = A.row_begin(i); ka < A.row_end(i); ++ka) {
      prefetch_row(ma, Bp, Bj, A.j.data(), ka, A.nvals());
      const int64_t k = A.j[size_t(ka)];
      const auto av = ma.a(ka);
      for (int64_t kb = win.begin(Bj, Bp[k], Bp[k + 1]), kb_end = win.end(Bj, kb, Bp[k + 1]); kb < kb_end; ++kb) {
        const int64_t c = Bj[kb];
        uint8_t &st = states[c];
        char *z = w + c * zs;
        if (st == full) {
          ma.accumulate(z, av, ma.b(kb));
        } else if (only_mask ? st == admit : st == untouched) {
          if (!only_mask) touched.push_back(c);
          st = full;
          ma.product(z, av, ma.b(kb));
        }
      }
    }
    int64_t n = 0, mq = mb;  // (search: the mask row's first entry not below the last column put)
    auto put = [&](int64_t c) {  // (never past the room: out.filled fails the call)
      if (search) {
        mq = int64_t(seek_sorted(Mj + mq, Mj + me, c) - Mj);
        if (mq < me && Mj[mq] == c && mask.set(mq)) return;
      }
      if (n < room) {
        oj[n] = c;
        std::memcpy(ox + n * zs, w + c * zs, size_t(zs));
      }
      ++n;
    };
    if (only_mask) {
      // The mask row is sorted: its entries that got a value, in order.
      for (int64_t q = mb; q < me; ++q) {
        const int64_t c = Mj[q];
        if (states[c] == full) put(c);
      }
    } else if (order.pays(int64_t(touched.size()), win.c0, win.c1)) {
      for (int64_t c : touched) order.add(c);
      order.drain(win.c0, win.c1, [&](int64_t c) {
        put(c);
        states[c] = untouched;
      });
    } else {
      // A few columns of a wide window: sorting them is cheaper than the bits' summary.
      std::sort(touched.begin(), touched.end());
      for (int64_t c : touched) put(c), states[c] = untouched;
    }
    if (!search)
      for (int64_t q = mb; q < me; ++q) states[Mj[q]] = untouched;
    out.filled(i, i - r0, n, room);
  }
}

// The room of T = A * B under a mask that only admits (not complemented): row i keeps at
// most its mask row's entries, so Tp[i + 1] - Tp[i] = that (0 for an empty row of A) is
// room enough and the numeric phase needs no symbolic one before it. Taken when that
// room is no more than the products (a count pass visits each product once more:
// R-MAT's C<A> = A*A spent a third of its time counting); false, Tp unchanged, if not.
// T's arrays then hold the mask's entries until close_up_rows (uniform 2^16 C<A> = A*A:
// room for 1M entries where 4K are kept; never more than the products).
inline bool mask_bounds_rows(const Csr &A, const Csr &M, int64_t *Tp, int64_t products) {
  int64_t room = 0;
  for (int64_t i = 0; i < A.nrows; ++i)
    if (A.row_begin(i) < A.row_end(i)) room += M.row_end(i) - M.row_begin(i);
  if (room > products) return false;
  for (int64_t i = 0; i < A.nrows; ++i)
    Tp[i + 1] = Tp[i] + (A.row_begin(i) < A.row_end(i) ? M.row_end(i) - M.row_begin(i) : 0);
  return true;
}

// The room of T = A * B for a product of few terms against wide rows (a vector pushed
// late in a BFS or shortest paths: a handful of vertices, 2^20 columns): row i keeps at
// most its products, so Tp[i + 1] - Tp[i] = row i's products is room enough, and the count
// pass, O(the columns) for its marks and O(the mask's row) under a complemented mask, is
// not run. Taken when A has few rows and the products are no more than an eighth of the
// columns; false, Tp unchanged, if not. before: products_before(A, B).
inline bool products_bound_rows(const Csr &A, const Csr &B, const std::vector<int64_t> &before, int64_t *Tp) {
  if (A.nrows > kFewRows || (before.back() - A.nrows) * 8 > B.ncols) return false;
  for (int64_t i = 0; i < A.nrows; ++i) Tp[i + 1] = before[size_t(i) + 1] - (i + 1);
  return true;
}

// T's rows written at the bounds mask_bounds_rows or products_bound_rows gave, kept[i]
// entries each, moved down to close the gaps (each moves towards the start, so in place
// in row order); T.p becomes the row pointers. Arrays kept to a quarter or less of their
// room are copied into arrays of their size: T may become C, which would hold the
// room for good.
inline void close_up_rows(Csr &T, const std::vector<int64_t> &kept) {
  int64_t *Tp = T.p.data(), *Tj = T.j.data(), at = 0;
  char *Tx = T.x.data();
  const int64_t zs = T.esize;
  for (int64_t i = 0; i < T.nrows; ++i) {
    const int64_t from = Tp[i], n = kept[size_t(i)];
    Tp[i] = at;
    if (from != at && n > 0) {
      std::memmove(Tj + at, Tj + from, size_t(n) * sizeof(int64_t));
      std::memmove(Tx + at * zs, Tx + from * zs, size_t(n * zs));
    }
    at += n;
  }
  Tp[T.nrows] = at;
  if (size_t(at) * 4 <= T.j.capacity()) {
    Indices j;
    j.assign(Tj, Tj + at);
    Bytes x;
    x.assign(Tx, Tx + at * zs);
    T.j.swap(j);
    T.x.swap(x);
  } else {
    T.j.resize(size_t(at));
    T.x.resize(size_t(at * zs));
  }
}

// All of T in two phases over the same split of the rows: gustavson_count, then
// gustavson_rows writing each row where the counts put it; or, under a mask that only
// admits and has no more entries than the products, in one (mask_bounds_rows: each row
// written in its mask row's room, the gaps closed after). Rows are split across
// threads by their products (flops) when there are enough.
template <class MA>
Csr gustavson(MA ma, const Csr &A, const Csr &B, const RowMask &mask, const Type &ztype) {
  const Window whole{0, B.ncols, true};
  // One row's split by columns (a pushed vector): each thread reads the part of every B
  // row in its window (a search where the row enters it). Each column still adds its
  // terms in A's order, so the bits do not depend on the split.
  int windows = 1;
  if (A.nrows == 1 && thread_count() > 1) {
    windows = int(std::min<int64_t>(threads_for(products_before(A, B).back()), std::max<int64_t>(B.ncols / 4096, 1)));
  }
  if constexpr (MA::typed)
    if (few_dense_rows(A, B, mask, column_window(B.ncols, windows, 0), ma.zsize))
      return dense_few_rows(ma, A, B, mask, ztype, windows);
  // Whether a row may be long enough for dense_row (the longest reach against the
  // narrowest window gustavson_rows can get); the rows then choose.
  bool dense = false;
  if constexpr (MA::typed) {
    const double narrowest = double(B.ncols / std::max(thread_count(), 1)), b_mean = mean_row_length(B);
    for (int64_t i = 0; i < A.nrows && !dense; ++i)
      dense = double(A.row_end(i) - A.row_begin(i)) * met_row_length(A, B, i, b_mean) * 4 >= narrowest;
  }
  // The numeric phase of rows r0 .. r1 in window win, row r0's entries at start; T's
  // arrays sized for the counted entries first (their data() taken outside the threads).
  Csr T(A.nrows, B.ncols, ztype);
  int64_t *Tj = nullptr;
  char *Tx = nullptr;
  auto size_for = [&](int64_t nvals) {
    T.j.resize(size_t(nvals));
    T.x.resize(size_t(nvals * ma.zsize));
    Tj = T.j.data(), Tx = T.x.data();
  };
  auto numeric = [&](int64_t r0, int64_t r1, const Window &win, const int64_t *start, int64_t *kept = nullptr) {
    const RowsOut out{start, Tj, Tx, kept};
    if (dense) gustavson_rows<MA, true>(ma, A, B, mask, r0, r1, win, out);
    else gustavson_rows<MA, false>(ma, A, B, mask, r0, r1, win, out);
  };
  if (A.nrows == 1 && windows > 1) {
    const int nt = windows;
    std::vector<int64_t> at(size_t(nt) + 1, 0);  // where each window's entries start
    run_parts(nt, [&](int p) { gustavson_count(A, B, mask, 0, 1, column_window(B.ncols, nt, p), &at[size_t(p) + 1]); });
    for (int p = 0; p < nt; ++p) at[size_t(p) + 1] += at[size_t(p)];
    size_for(at.back());
    run_parts(nt, [&](int p) { numeric(0, 1, column_window(B.ncols, nt, p), &at[size_t(p)]); });
    T.p.resize(2);
    T.p[1] = at.back();
    return T;
  }
  int nt = 1;
  std::vector<int64_t> bounds{0, A.nrows}, before;
  if (thread_count() > 1 || mask.restricts() || A.nrows <= kFewRows) before = products_before(A, B);
  if (thread_count() > 1) {
    nt = threads_for(before.back());
    if (nt > 1) bounds = balanced_ranges(A.nrows, nt, [&](int64_t r) { return before[size_t(r)]; });
  }
  T.p.resize(size_t(A.nrows) + 1);
  int64_t *Tp = T.p.data();
  Tp[0] = 0;
  if ((mask.restricts() && mask_bounds_rows(A, *mask.m, Tp, before.back())) || products_bound_rows(A, B, before, Tp)) {
    std::vector<int64_t> kept(size_t(A.nrows), 0);
    size_for(Tp[A.nrows]);
    run_parts(nt, [&](int p) {
      const int64_t r0 = bounds[size_t(p)];
      numeric(r0, bounds[size_t(p) + 1], whole, Tp + r0, kept.data() + r0);
    });
    close_up_rows(T, kept);
    return T;
  }
  // T.p[i + 1] = row i's count, then the running sum: the row pointers.
  run_parts(nt, [&](int p) {
    gustavson_count(A, B, mask, bounds[size_t(p)], bounds[size_t(p) + 1], whole, Tp + bounds[size_t(p)] + 1);
  });
  for (int64_t i = 0; i < A.nrows; ++i) Tp[i + 1] += Tp[i];
  size_for(Tp[A.nrows]);
  run_parts(nt, [&](int p) { numeric(bounds[size_t(p)], bounds[size_t(p) + 1], whole, Tp + bounds[size_t(p)]); });
  return T;
}

// Calls match(pa, pb) for each column the sorted lists a[0 .. na) and b[0 .. nb) share,
// in increasing order, until it returns true (a terminal value). A list 16 times shorter
// than the other is walked while the other is searched (seek_sorted from the last match
// on), so a short row meets a long one in O(short * log long).
template <class Match>
void intersect(const int64_t *a, int64_t na, const int64_t *b, int64_t nb, Match match) {
  if (na == 0 || nb == 0 || a[na - 1] < b[0] || b[nb - 1] < a[0]) return;
  if (na * 16 < nb || nb * 16 < na) {
    const bool a_short = na < nb;
    const int64_t *s = a_short ? a : b, *l = a_short ? b : a;
    const int64_t ns = a_short ? na : nb, nl = a_short ? nb : na;
    const int64_t *from = l;
    for (int64_t q = 0; q < ns; ++q) {
      from = seek_sorted(from, l + nl, s[q]);
      if (from == l + nl) return;
      if (*from != s[q]) continue;
      const int64_t ql = from - l;
      if (a_short ? match(q, ql) : match(ql, q)) return;
      ++from;
    }
    return;
  }
  int64_t pa = 0, pb = 0;
  while (pa < na && pb < nb) {
    const int64_t ka = a[pa], kb = b[pb];
    if (ka < kb) {
      ++pa;
    } else if (kb < ka) {
      ++pb;
    } else {
      if (match(pa, pb)) return;
      ++pa, ++pb;
    }
  }
}

// T<M> = A * Bt' computed only at M's admitted entries: T(i,j) is the dot product of
// rows A(i,:) and Bt(j,:) (Bt: the second operand's transpose, i.e. its columns as rows),
// the terms added in increasing k as Gustavson adds them, so results are identical.
// Work O(entries of M times the rows' merge), independent of the products' fill: the
// method of choice when M is much sparser than A*B (triangle counting's C<L> = L*L').
// Rows r0 .. r1 of T, as the rows of a Csr of their own.
template <class MA>
Csr masked_dots_rows(MA ma, const Csr &A, const Csr &Bt, const RowMask &mask, const Type &ztype, int64_t r0,
                     int64_t r1) {
  const Csr &M = *mask.m;
  Csr T(r1 - r0, Bt.nrows, ztype);
  T.p.assign(1, 0);
  T.p.reserve(size_t(r1 - r0) + 1);
  std::vector<char> z(size_t(ma.zsize) + 1);
  const int64_t *Ap = A.p.data(), *Aj = A.j.data(), *Bp = Bt.p.data(), *Bj = Bt.j.data();
  for (int64_t i = r0; i < r1; ++i) {
    const int64_t ab = Ap[i], na = Ap[i + 1] - ab;
    if (na == 0) {
      T.end_row();
      continue;
    }
    for (int64_t q = M.row_begin(i), qe = M.row_end(i); q < qe; ++q) {
      prefetch_row(ma, Bp, Bj, M.j.data(), q, M.nvals());
      if (!mask.set(q)) continue;
      const int64_t j = M.j[size_t(q)], bb = Bp[j];
      bool any = false;
      if constexpr (MA::typed) {  // the sum in a register
        typename MA::value_type acc{};
        intersect(Aj + ab, na, Bj + bb, Bp[j + 1] - bb, [&](int64_t pa, int64_t pb) {
          const auto t = MA::mul(*ma.a(ab + pa), *ma.b(bb + pb));
          acc = any ? MA::add(acc, t) : t;
          any = true;
          return MA::stops(acc);
        });
        if (any) T.push_value(j, acc);
      } else {
        intersect(Aj + ab, na, Bj + bb, Bp[j + 1] - bb, [&](int64_t pa, int64_t pb) {
          if (!any) ma.product(z.data(), ma.a(ab + pa), ma.b(bb + pb));
          else ma.accumulate(z.data(), ma.a(ab + pa), ma.b(bb + pb));
          any = true;
          return ma.terminal(z.data());
        });
        if (any) T.push(j, z.data());
      }
    }
    T.end_row();
  }
  return T;
}

// All of masked_dots_rows' T, rows split into chunks of about the same mask and A
// entries, kMaskedDotChunks per thread taken by the threads as they finish (a dot
// product's cost is its two rows' lengths: on a skewed graph the rows of a few hubs
// cost many times their count, and a split by entries left one thread with them:
// R-MAT 2^16 triangles took 0.64 of one thread's time at two threads).
constexpr int kMaskedDotChunks = 16;
template <class MA>
Csr masked_dots(MA ma, const Csr &A, const Csr &Bt, const RowMask &mask, const Type &ztype) {
  const Csr &M = *mask.m;
  const int nt = threads_for(M.nvals() * 8);
  if (nt == 1) return masked_dots_rows(ma, A, Bt, mask, ztype, 0, A.nrows);
  const int chunks = int(std::min<int64_t>(int64_t(nt) * kMaskedDotChunks, std::max<int64_t>(A.nrows, 1)));
  const auto b = balanced_ranges(A.nrows, chunks, [&](int64_t r) { return M.p[size_t(r)] + A.p[size_t(r)] + r; });
  std::vector<Csr> pieces(static_cast<size_t>(chunks));
  run_chunks(nt, chunks, [&](int p) { pieces[size_t(p)] = masked_dots_rows(ma, A, Bt, mask, ztype, b[size_t(p)], b[size_t(p) + 1]); });
  return join_rows(pieces, A.nrows, Bt.nrows, ztype);
}

// The dot product of A's entries [begin, end) (begin < end) with a u that has every
// entry (typed policies), the sum in a register (see dots_range). AS / BS: the strides
// of A's and u's values (0: iso or unread), fixed per instantiation so that no term
// computes an address with a multiplication. u(k) is not prefetched: a prefetch kFar
// terms ahead measured slower on this machine (uniform 2^18 mxv 8.7-9.0 ms with it,
// 7.2-7.4 without; R-MAT the same either way): the hardware finds u's lines in L2/L3.
template <class MA, int AS, int BS, class J>
[[gnu::always_inline]] inline typename MA::value_type dense_dot(const MA &ma, const J *Aj, int64_t begin, int64_t end) {
  using V = typename MA::value_type;
  const V *a = ma.a(0), *b = ma.b(0);
  V acc = MA::mul(a[begin * AS], b[Aj[begin] * BS]);
  for (int64_t ka = begin + 1; ka < end && !MA::stops(acc); ++ka) {
    acc = MA::add(acc, MA::mul(a[ka * AS], b[Aj[ka] * BS]));
  }
  return acc;
}

// How dots() has prepared u and the rows for dots_range.
//   where: position of u(k) in u's arrays (-1: none), empty when u is dense or `has` is used;
//   has (typed kernels): whether u(k) exists, u's values then spread so that u(k) is ma.b(k);
//   neutral_spread (typed, product_is_b): u's missing values are spread as the neutral
//     value, so every row is summed as if u were dense; whether it met an entry of u is
//     asked of `has` only when the sum is still the neutral value;
//   forbidden: rows a complemented mask excludes (empty: none);
//   into (typed): C's values, C full: each sum is added to its row's value in place
//     (c = add(c, sum), the accumulation write_back would make) and T stays empty.
struct DotInputs {
  std::vector<int64_t> where;
  std::vector<uint8_t> has;
  bool neutral_spread = false;
  std::vector<char> forbidden;
  void *into = nullptr;
};

// T(i) = the sum over k of A(i,k) * u(k) (u a 1 x n row, T a 1 x nrows row): dot
// products of A's rows with u, u read directly when it has every entry and through a
// scattered position table otherwise (DotInputs). With a mask only admitted rows are
// computed; a dot product stops at the monoid's terminal value.
// Entries r0 .. r1 of T (a one-row Csr of its own, columns r0 .. r1 of T's row), or,
// with a list of rows, entries list[r0 .. r1).
// Aj: A's column indices, A.j or their 32-bit copy (Matrix::narrow_columns).
template <class MA, class J>
Csr dots_range(MA ma, const Csr &A, const J *Aj, const DotInputs &in_u, const Type &ztype, const int64_t *list,
               int64_t r0, int64_t r1) {
  const std::vector<int64_t> &where = in_u.where;
  const std::vector<uint8_t> &has = in_u.has;
  const bool neutral_spread = in_u.neutral_spread;
  const std::vector<char> &forbidden = in_u.forbidden;
  const int64_t zs = ma.zsize;
  const bool dense = (where.empty() && has.empty()) || neutral_spread;
  // At most one entry per row: the arrays are sized first and written by index, so the
  // loop makes no call (a possible call, even to grow an array, made GCC keep the sum
  // in memory across the whole loop: a store and a reload per term).
  Csr T(1, A.nrows, ztype);
  T.j.resize(size_t(r1 - r0));
  T.x.resize(size_t((r1 - r0) * zs));
  int64_t *outj = T.j.data(), count = 0;
  char *outx = T.x.data();
  std::vector<char> z(size_t(zs) + 1);
  const int64_t *Ap = A.p.data(), *at = where.data();
  const char *no = forbidden.empty() ? nullptr : forbidden.data();
  int64_t r = r0;
  if constexpr (!MA::typed)
    if (ma.dots_fn) {  // the generic loop below, compiled
      count = ma.dots_fn(Ap, Aj, sizeof(J) == 4, ma.a(0), ma.A->iso, ma.b(0), dense ? nullptr : at, no, list, r0, r1, outj, outx);
      jit::count_run();
      r = r1;
    }
  for (; r < r1; ++r) {
    const int64_t i = list ? list[r] : r;
    if (no && no[i]) continue;
    if constexpr (MA::typed) {  // the sum in a register
      using V = typename MA::value_type;
      V acc{};
      bool any = false;
      if (dense) {  // every u(k) exists: no lookups, no tests but the terminal's
        const int64_t begin = Ap[i], end = Ap[i + 1];
        if (begin == end) continue;
        acc = ma.sa ? (ma.sb ? dense_dot<MA, 1, 1>(ma, Aj, begin, end) : dense_dot<MA, 1, 0>(ma, Aj, begin, end))
                    : (ma.sb ? dense_dot<MA, 0, 1>(ma, Aj, begin, end) : dense_dot<MA, 0, 0>(ma, Aj, begin, end));
        any = true;
        const V none = MA::neutral();
        if (neutral_spread && std::memcmp(&acc, &none, sizeof(V)) == 0) {  // did the row meet u at all?
          any = false;
          for (int64_t ka = begin; ka < end && !any; ++ka) any = has[size_t(Aj[ka])] != 0;
        }
      } else {
        const uint8_t *in = has.data();
        if constexpr (!MA::can_stop) {
          // Every term is computed (an absent u(k) is spread as a zero) and replaced by
          // the neutral value where u(k) is absent: a select off the sum's dependency
          // chain instead of a branch as random as u. add(s, neutral) == s bit for bit.
          acc = MA::neutral();
          for (int64_t ka = Ap[i], end = Ap[i + 1]; ka < end; ++ka) {
            const int64_t k = int64_t(Aj[ka]);
            const bool h = in[k] != 0;
            const V t = MA::mul(*ma.a(ka), *ma.b(k));
            acc = MA::add(acc, h ? t : MA::neutral());
            any |= h;
          }
        } else {
          for (int64_t ka = Ap[i], end = Ap[i + 1]; ka < end; ++ka) {
            const int64_t k = int64_t(Aj[ka]);
            if (!in[k]) continue;
            const V t = MA::mul(*ma.a(ka), *ma.b(k));
            acc = any ? MA::add(acc, t) : t;
            any = true;
            if (MA::stops(acc)) break;
          }
        }
      }
      if (any) {
        if (in_u.into) {
          V *c = static_cast<V *>(in_u.into) + i;
          *c = MA::add(*c, acc);
          continue;
        }
        outj[count] = i;
        std::memcpy(outx + count * int64_t(sizeof(V)), &acc, sizeof(V));
        ++count;
      }
    } else {
      bool any = false;
      for (int64_t ka = Ap[i], end = Ap[i + 1]; ka < end; ++ka) {
        const int64_t k = Aj[ka];
        const int64_t q = dense ? k : at[k];
        if (q < 0) continue;
        if (!any) ma.product(z.data(), ma.a(ka), ma.b(q));
        else ma.accumulate(z.data(), ma.a(ka), ma.b(q));
        any = true;
        if (ma.terminal(z.data())) break;
      }
      if (any) {
        outj[count] = i;
        std::memcpy(outx + count * zs, z.data(), size_t(zs));
        ++count;
      }
    }
  }
  T.j.resize(size_t(count));
  T.x.resize(size_t(count * zs));
  T.p.back() = count;
  return T;
}

// The terms of segments [s0, s1) of one column block (column_blocks.hpp) added into
// sum[i] of their rows: a row's first segment starts its sum with its first product, as
// dense_dot does, and the others go on from the sum so far: the same operations in the
// same order as dense_dot over the whole row. A's values come from the blocks' copy.
template <class MA, int AS, int BS>
void add_block(const MA &ma, const ColumnBlocks &cb, int64_t s0, int64_t s1, typename MA::value_type *sum) {
  using V = typename MA::value_type;
  const V *a = AS ? reinterpret_cast<const V *>(cb.val.data()) : ma.a(0), *b = ma.b(0);
  const uint32_t *row = cb.row.data(), *col = cb.col.data();
  const int64_t *end = cb.end.data();
  int64_t q = cb.begin(s0);
  for (int64_t s = s0; s < s1; ++s) {
    const uint32_t r = row[s];
    const int64_t i = r & ~ColumnBlocks::kFirst, e = end[s];
    V x;
    if (r & ColumnBlocks::kFirst) {
      x = MA::mul(a[q * AS], b[col[q] * BS]);
      ++q;
    } else {
      x = sum[i];
    }
    for (; q < e; ++q) x = MA::add(x, MA::mul(a[q * AS], b[col[q] * BS]));
    sum[i] = x;
  }
}

// dots_range's T for rows r0 .. r1 without a list or a mask, u read densely (every entry,
// or neutral_spread) by a typed policy whose monoid never or seldom stops early (it does
// not stop here: MIN and MAX give the same result either way), block by block
// (column_blocks.hpp): the sums of all rows are kept while the blocks go by, then T
// takes the rows that have entries (and, neutral_spread, met u), or, in_u.into, they are
// added into C's values there. The same values as dots_range.
template <class MA, class J>
Csr blocked_dots_range(MA ma, const Csr &A, const J *Aj, const DotInputs &in_u, const ColumnBlocks &cb,
                       const Type &ztype, int64_t r0, int64_t r1) {
  using V = typename MA::value_type;
  std::unique_ptr<V[]> sums(new V[size_t(std::max<int64_t>(r1 - r0, 1))]);
  V *sum = sums.get() - r0;  // indexed by row
  const int64_t *Ap = A.p.data();
  for (int64_t b = 0; b < cb.nblocks; ++b) {
    const auto [s0, s1] = cb.rows_in(b, r0, r1);
    if (ma.sa) ma.sb ? add_block<MA, 1, 1>(ma, cb, s0, s1, sum) : add_block<MA, 1, 0>(ma, cb, s0, s1, sum);
    else ma.sb ? add_block<MA, 0, 1>(ma, cb, s0, s1, sum) : add_block<MA, 0, 0>(ma, cb, s0, s1, sum);
  }
  Csr T(1, A.nrows, ztype);
  T.j.resize(size_t(r1 - r0));
  T.x.resize(size_t(r1 - r0) * sizeof(V));
  int64_t *outj = T.j.data(), count = 0;
  V *outx = reinterpret_cast<V *>(T.x.data());  // (value arrays are aligned)
  // The rows with entries, then their sums: loops without branches (a third of R-MAT's
  // rows are empty, at random), and no sum read that was never written.
  for (int64_t i = r0; i < r1; ++i) {
    outj[count] = i;
    count += Ap[i] != Ap[i + 1];
  }
  for (int64_t q = 0; q < count; ++q) outx[q] = sum[outj[q]];
  if (in_u.neutral_spread) {  // a sum still the neutral value: did the row meet u at all?
    const V none = MA::neutral();
    int64_t kept = 0;
    for (int64_t q = 0; q < count; ++q) {
      const int64_t i = outj[q];
      bool any = std::memcmp(&outx[q], &none, sizeof(V)) != 0;
      for (int64_t ka = Ap[i]; ka < Ap[i + 1] && !any; ++ka) any = in_u.has[size_t(Aj[ka])] != 0;
      outj[kept] = i;
      outx[kept] = outx[q];
      kept += any;
    }
    count = kept;
  }
  if (in_u.into) {  // C(i) = add(C(i), sum), as dots_range adds a row's whole sum: T stays empty
    V *c = static_cast<V *>(in_u.into);
    for (int64_t q = 0; q < count; ++q) c[outj[q]] = MA::add(c[outj[q]], outx[q]);
    count = 0;
  }
  T.j.resize(size_t(count));
  T.x.resize(size_t(count) * sizeof(V));
  T.p.back() = count;
  return T;
}

// T(i) = the sum over k of A(i,k) * u(k) (u a 1 x n row, T a 1 x nrows row): dot
// products of A's rows with u, u read directly when it has every entry and through a
// scattered position table otherwise. With a mask only admitted rows are computed; a
// dot product stops at the monoid's terminal value. Rows split across threads by their
// entries when there are enough.
template <class MA>
void use_spread(MA &ma, const std::unique_ptr<char[]> &spread) {
  if constexpr (MA::typed)
    if (spread) ma.B = reinterpret_cast<const typename MA::value_type *>(spread.get());
}
// u as dots_range reads it (DotInputs: where, has, neutral_spread): a u with missing
// entries gets a position table (generic policies) or a presence byte per index and, for
// typed policies reading u's values, its values spread by index into `spread`, which ma.B
// then points at (use_spread: the same for another copy of the policy).
template <class MA>
void prepare_u(MA &ma, const Csr &u, DotInputs &in_u, std::unique_ptr<char[]> &spread) {
  const int64_t n = u.ncols;
  std::vector<int64_t> &where = in_u.where;
  std::vector<uint8_t> &has = in_u.has;  // typed: a presence byte per u(k), u's values spread by index
  bool &neutral_spread = in_u.neutral_spread;
  if (u.nvals() != n) {
    if constexpr (MA::typed) {
      // One byte per column (in cache for a million columns) instead of an 8-byte
      // position, and u(k) at index k: one random access per product, not two.
      using V = typename MA::value_type;
      has.assign(size_t(n), 0);
      neutral_spread = ma.product_is_b() && ma.sb == 1;
      if (ma.sb == 1) spread.reset(new char[size_t(n) * sizeof(V)]);
      V *to = reinterpret_cast<V *>(spread.get());  // (new char[] is aligned for any V)
      if (ma.sb == 1) std::fill(to, to + n, neutral_spread ? MA::neutral() : V(0));
      for (int64_t q = u.row_begin(0); q < u.row_end(0); ++q) {
        const size_t k = size_t(u.j[size_t(q)]);
        has[k] = 1;
        if (ma.sb == 1) to[k] = *ma.b(q);
      }
      use_spread(ma, spread);
    } else {
      where.assign(size_t(n), -1);
      for (int64_t q = u.row_begin(0); q < u.row_end(0); ++q) where[size_t(u.j[size_t(q)])] = q;
    }
  }
}
// u given as dense arrays instead of entries (lazy::DenseResult: a fused group's result,
// never stored): its value at every index (zero bytes where it has none), a presence byte
// per index, and how many it has.
struct DenseU {
  char *val;
  const uint8_t *has;
  int64_t nvals;
};
// prepare_u for a u given dense, typed policies only (a generic one's position table
// points into u's entries): the values are read in place, the missing ones made the
// neutral value first when the policy spreads that (`val` is changed).
template <class MA>
void prepare_dense_u(MA &ma, const DenseU &u, int64_t n, DotInputs &in_u) {
  if constexpr (MA::typed) {
    using V = typename MA::value_type;
    V *val = reinterpret_cast<V *>(u.val);  // (pool blocks are aligned for any V)
    if (u.nvals != n) {
      in_u.has.assign(u.has, u.has + n);
      in_u.neutral_spread = ma.product_is_b() && ma.sb == 1;
      const V none = MA::neutral(), zero = V(0);
      if (in_u.neutral_spread && std::memcmp(&none, &zero, sizeof(V)) != 0)
        for (int64_t k = 0; k < n; ++k) val[k] = u.has[k] ? val[k] : none;  // (a select: has is random)
    }
    if (ma.sb == 1) ma.B = val;
  }
}

// blocks: A's column blocks (Matrix::column_blocks) or nullptr; used when the sums may
// run block by block (blocked_dots_range).
// dense_u: u's contents given dense (typed policies); u then gives only its shape.
template <class MA>
Csr dots(MA ma, const Csr &A, const Csr &u, const RowMask &mask, const Type &ztype, const uint32_t *narrow = nullptr,
         void *into = nullptr, const ColumnBlocks *blocks = nullptr, const DenseU *dense_u = nullptr) {
  DotInputs in_u;
  in_u.into = into;
  std::unique_ptr<char[]> spread;  // typed: u's values by index (written whole before use)
  if (dense_u) prepare_dense_u(ma, *dense_u, u.ncols, in_u);
  else prepare_u(ma, u, in_u, spread);
  if constexpr (!MA::typed) ma.compile_dots();
  std::vector<char> &forbidden = in_u.forbidden;
  std::vector<int64_t> rows;  // a mask's admitted rows, in order
  if (mask.restricts()) {
    for (int64_t q = mask.m->row_begin(0); q < mask.m->row_end(0); ++q)
      if (mask.set(q)) rows.push_back(mask.m->j[size_t(q)]);
  } else if (mask.m) {
    forbidden.assign(size_t(A.nrows), 0);
    for (int64_t q = mask.m->row_begin(0); q < mask.m->row_end(0); ++q)
      if (mask.set(q)) forbidden[size_t(mask.m->j[size_t(q)])] = 1;
  }
  const bool listed = mask.restricts();
  const int64_t count = listed ? int64_t(rows.size()) : A.nrows;
  const int nt = threads_for(listed ? count * (A.nvals() / std::max<int64_t>(A.nrows, 1) + 1) : A.nvals());
  const auto b = balanced_ranges(count, nt, [&](int64_t r) {
    return listed ? r : A.p[size_t(r)] + r;  // listed rows: by count (their lengths are not summed ahead)
  });
  std::vector<Csr> pieces(static_cast<size_t>(nt));
  bool by_blocks = false;
  if constexpr (MA::typed) {
    if constexpr (!MA::can_stop || MA::stops_rarely)
      by_blocks = blocks && (!ma.sa || blocks->has_values) && !mask.m && (in_u.has.empty() || in_u.neutral_spread);
  }
  run_parts(nt, [&](int p) {
    const int64_t *list = listed ? rows.data() : nullptr, r0 = b[size_t(p)], r1 = b[size_t(p) + 1];
    if constexpr (MA::typed) {
      if constexpr (!MA::can_stop || MA::stops_rarely) {
        if (by_blocks) {
          pieces[size_t(p)] = narrow ? blocked_dots_range(ma, A, narrow, in_u, *blocks, ztype, r0, r1)
                                     : blocked_dots_range(ma, A, A.j.data(), in_u, *blocks, ztype, r0, r1);
          return;
        }
      }
    }
    pieces[size_t(p)] = narrow ? dots_range(ma, A, narrow, in_u, ztype, list, r0, r1)
                               : dots_range(ma, A, A.j.data(), in_u, ztype, list, r0, r1);
  });
  return join_columns(pieces, A.nrows, ztype);
}

}  // namespace weft::kernels
