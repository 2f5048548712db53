// The nonblocking queue: recording operations, finding what an object depends on, and
// running it in call order (queue.hpp says how).
#include "queue.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <new>

#include "../support/error.hpp"

namespace weft::lazy {

namespace {

// At most this many operations wait; the next one runs the queue first (bounded memory,
// and a program that never reads still computes).
constexpr size_t kMaxQueued = 256;
// At most this many operations in one fused group (each tile runs them all).
constexpr size_t kMaxGroup = 32;

std::mutex queue_lock;           // guards `queue` and running it
std::vector<Pending> queue;      // in call order
thread_local bool running = false;  // this thread is running queued operations
thread_local const char *current_call = "";

std::atomic<int64_t> counters[WEFT_STAT_BYTES_WRITTEN + 1];

void add(int which, int64_t n) { counters[which].fetch_add(n, std::memory_order_relaxed); }

bool contains(const std::vector<const Matrix *> &v, const Matrix *m) {
  return std::find(v.begin(), v.end(), m) != v.end();
}

bool reads(const Pending &p, const Matrix *m) {
  for (const Ref<Matrix> &r : p.reads)
    if (r.get() == m) return true;
  return false;
}

// Whether C's old entries take part in the result: with a mask (or a complemented empty
// one) or an accumulator some of them stay or combine.
bool reads_output(const Output &out) { return out.M || out.accum || out.d.mask_comp; }

void count_queued(const Pending &p, int delta) {
  p.C->queued_writes.fetch_add(delta, std::memory_order_relaxed);
  for (const Ref<Matrix> &r : p.reads) r->queued_reads.fetch_add(delta, std::memory_order_relaxed);
}

// The first execution error of a run, thrown when the run is over.
struct FirstError {
  weft_status status = WEFT_SUCCESS;
  char message[512] = "";
  void note(weft_status s, const char *text) {
    if (status != WEFT_SUCCESS) return;
    status = s;
    std::snprintf(message, sizeof message, "%s", text);
  }
};

int64_t stored_bytes(const Matrix &m) { return m.data.nvals() * (int64_t(sizeof(int64_t)) + m.data.esize); }

// Runs operation p as `body` does it (false: it declined, nothing done; returned). Its
// failure is noted as "entry point: message" and recorded on its output when no later
// call has had that output (weft_*_error tells the last call's outcome, as in blocking
// mode; the call itself cleared the message when it queued): it counts as run.
// `pass`: counted as a pass of its own (not the end of a fused group's reduce).
template <class F>
bool run_as(Pending &p, FirstError &first, F &&body, bool pass = true) {
  Matrix &C = *p.C;
  char text[sizeof C.error];
  weft_status status = WEFT_SUCCESS;
  try {
    if (!body()) return false;
    if (pass) add(WEFT_STAT_PASSES, 1);
    add(WEFT_STAT_BYTES_WRITTEN, stored_bytes(C));
    return true;
  } catch (const Error &e) {
    status = e.status();
    std::snprintf(text, sizeof text, "%s: %s", p.fn, e.what());
  } catch (const std::bad_alloc &) {
    status = WEFT_OUT_OF_MEMORY;
    std::snprintf(text, sizeof text, "%s: out of memory", p.fn);
  } catch (const std::exception &e) {
    status = WEFT_PANIC;
    std::snprintf(text, sizeof text, "%s: %s", p.fn, e.what());
  }
  first.note(status, text);
  if (C.output_calls.load() == p.call) std::memcpy(C.error, text, sizeof text);
  return true;
}

// Runs one operation whole.
void run_one(Pending &p, const Bind &b, FirstError &first, bool pass = true) {
  run_as(p, first, [&] { return p.run(b), true; }, pass);
}

// The shape and kind operations of one fused group share.
struct Space {
  Magic kind;
  int64_t nrows, ncols;
  bool of(const Matrix *m) const {
    return m && m->magic == kind && m->nrows() == nrows && m->ncols() == ncols;
  }
};

// Whether p is element-wise over `s`: its output and every non-scalar argument; or a
// reduce of an object of `s` (to a scalar; or to a vector of s's rows, which with its
// mask and old contents is tiled by the group's row ranges).
bool within(const Pending &p, const Space &s) {
  const Space rows{Magic::vector, 1, s.nrows};
  if (p.fuse == Fuse::reduce_rows) {
    if (s.kind != Magic::matrix || !s.of(p.reduced)) return false;
    for (const Ref<Matrix> &r : p.reads)
      if (r.get() != p.reduced && r->magic != Magic::scalar && !rows.of(r.get())) return false;
    return rows.of(p.C.get());
  }
  if (p.fuse == Fuse::reduce) {
    if (!s.of(p.reduced)) return false;
  } else if (p.fuse != Fuse::elementwise || !s.of(p.C.get())) {
    return false;
  }
  for (const Ref<Matrix> &r : p.reads)
    if (r->magic != Magic::scalar && !s.of(r.get())) return false;
  return true;
}

Space space_of(const Pending &p) { return Space{p.C->magic, p.C->nrows(), p.C->ncols()}; }

// Whether p may start a group of element-wise operations (over its output's space).
bool elementwise_start(const Pending &p) {
  return p.fuse == Fuse::elementwise && p.C->magic != Magic::scalar && within(p, space_of(p));
}

// The end of the group that starts at ops[k]: ops[k] alone unless it is element-wise or
// a product that can be computed tile by tile (asked now, its inputs being complete);
// then the element-wise operations after it over the same space, and a reduce ending it.
size_t group_end(std::vector<Pending> &ops, size_t k) {
  Pending &p = ops[k];
  if (p.fuse == Fuse::product) {
    p.tiles = p.tiler();
    if (!p.tiles) return k + 1;
  } else if (!elementwise_start(p)) {
    return k + 1;
  }
  const Space s = space_of(p);
  size_t e = k + 1;
  while (e < ops.size() && e - k < kMaxGroup && within(ops[e], s)) {
    const Fuse f = ops[e++].fuse;
    if (f == Fuse::reduce || f == Fuse::reduce_rows) break;
  }
  return e;
}

// u, handed dense to a product that declined it, stored after all (no longer "skipped").
void store_declined(Matrix &u, const DenseResult &d) {
  u.assign(stored(d, u));
  add(WEFT_STAT_SKIPPED, -1);
  add(WEFT_STAT_BYTES_WRITTEN, stored_bytes(u));
}

// Runs `ops` (needed operations, in call order; `rest` is what stays queued after them).
void run_all(std::vector<Pending> &ops, const std::vector<Pending> &rest, FirstError &first) {
  // Whether m is read after ops[from..) before being wholly overwritten, by the rest of
  // this run or the queue, or may be by its user.
  auto read_after = [&](size_t from, const Matrix *m) {
    // 1 read, 0 overwritten, -1 neither. Only an operation that cannot fail overwrites
    // for sure (an element-wise one without scalar operands: no index to check, no value
    // that may be missing); after any other, m's old contents may still be what stays.
    auto first_access = [&](const Pending &p) -> int {
      if (reads(p, m)) return 1;
      if (p.C.get() != m) return -1;
      const bool sure = p.fuse == Fuse::elementwise &&
                        std::none_of(p.reads.begin(), p.reads.end(),
                                     [](const Ref<Matrix> &r) { return r->magic == Magic::scalar; });
      return sure ? 0 : 1;
    };
    for (size_t k = from; k < ops.size(); ++k)
      if (int a = first_access(ops[k]); a >= 0) return a == 1;
    for (const Pending &p : rest)
      if (int a = first_access(p); a >= 0) return a == 1;
    return m->user_refs.load() > 0;
  };
  // The vector the element-wise group ops[k, e) writes that only the product ops[e] reads,
  // as its u: the group gives it to the product as dense arrays (Pending::dense_u).
  auto sink_of = [&](size_t k, size_t e) -> Matrix * {
    if (e >= ops.size() || !ops[e].dense_u || !elementwise_start(ops[k]) || ops[k].C->magic != Magic::vector)
      return nullptr;
    Matrix *u = ops[e].u;
    if (ops[e].C.get() == u || read_after(e + 1, u)) return nullptr;
    for (size_t q = k; q < e; ++q)
      if (ops[q].C.get() == u) return u;
    return nullptr;
  };
  // Runs ops[k, e) as one group (with its sink, if any); false when a tile failed: the
  // group changed nothing, and runs operation by operation.
  auto fused = [&](size_t k, size_t e, const Matrix *sink, DenseResult *dense) {
    try {
      run_fused(
          ops, k, e, [&](const Matrix *m) { return read_after(e, m); },
          [&](Pending &p, const Bind &b) { run_one(p, b, first, false); }, sink, dense);
      return true;
    } catch (...) {
      return false;
    }
  };
  size_t k = 0;
  while (k < ops.size()) {
    const size_t e = group_end(ops, k);
    Matrix *u = sink_of(k, e);
    DenseResult dense;
    if ((u || e - k >= 2) && fused(k, e, u, u ? &dense : nullptr)) {
      k = e;
      if (!u) continue;
      if (run_as(ops[e], first, [&] { return ops[e].dense_u(dense); })) ++k;
      else store_declined(*u, dense);  // the product declined: u stored, the product runs
      continue;
    }
    run_one(ops[k], Bind{ops[k].out, {}}, first);
    ++k;
  }
}

// Runs operations taken out of the queue (queue_lock held), then throws the first
// execution error among them.
void run_taken(std::vector<Pending> &ops) {
  for (const Pending &p : ops) count_queued(p, -1);
  FirstError first;
  running = true;
  try {
    run_all(ops, queue, first);
  } catch (...) {
    running = false;
    throw;
  }
  running = false;
  ops.clear();  // the references go: objects freed meanwhile are destroyed here
  // The caller's own work goes on (the failed operation changed nothing); its entry
  // point returns the failure when that work is done.
  if (first.status != WEFT_SUCCESS) note_deferred_error(first.status, first.message);
}

// Takes out of the queue the operations m depends on (write: also those that read m)
// and runs them. Holds queue_lock.
void settle(Matrix &m, bool write) {
  if (execution_mode() != WEFT_NONBLOCKING || running) return;
  if (m.queued_writes.load(std::memory_order_relaxed) == 0 &&
      (!write || m.queued_reads.load(std::memory_order_relaxed) == 0))
    return;
  std::lock_guard<std::mutex> hold(queue_lock);
  std::vector<const Matrix *> need_read{&m}, need_written;
  if (write) need_written.push_back(&m);
  std::vector<char> needed(queue.size(), 0);
  for (size_t k = queue.size(); k-- > 0;) {
    const Pending &p = queue[k];
    bool n = contains(need_read, p.C.get()) || contains(need_written, p.C.get());
    for (size_t r = 0; !n && r < p.reads.size(); ++r) n = contains(need_written, p.reads[r].get());
    if (!n) continue;
    needed[k] = 1;
    for (const Ref<Matrix> &r : p.reads)
      if (!contains(need_read, r.get())) need_read.push_back(r.get());
    if (!contains(need_written, p.C.get())) need_written.push_back(p.C.get());
  }
  std::vector<Pending> ops, rest;
  for (size_t k = 0; k < queue.size(); ++k) (needed[k] ? ops : rest).push_back(std::move(queue[k]));
  queue.swap(rest);
  run_taken(ops);
}

}  // namespace

bool deferring() { return !running && execution_mode() == WEFT_NONBLOCKING; }

Pending pending(const Output &out, std::initializer_list<Matrix *> inputs, std::initializer_list<const Object *> keep,
                Fuse fuse, Run run, ValueStage values) {
  Pending p;
  p.out = out;
  p.fuse = fuse;
  p.values = std::move(values);
  for (Matrix *m : inputs)
    if (m) p.reads.emplace_back(m);
  for (const Object *o : keep)
    if (o) p.keep.emplace_back(const_cast<Object *>(o));
  if (out.accum) p.keep.emplace_back(const_cast<BinaryOp *>(out.accum));
  p.run = std::move(run);
  return p;
}

void set_current_call(const char *fn) { current_call = fn; }

void enqueue(Pending &&p) {
  p.fn = current_call;
  p.C = Ref<Matrix>(p.out.C);
  p.call = p.out.C->output_calls.load() + 1;  // guard_on counts this call when it returns
  if (p.out.M) p.reads.emplace_back(p.out.M);
  if (reads_output(p.out) && !reads(p, p.out.C)) p.reads.emplace_back(p.out.C);
  std::unique_lock<std::mutex> hold(queue_lock);
  count_queued(p, +1);
  queue.push_back(std::move(p));
  add(WEFT_STAT_DEFERRED, 1);
  if (queue.size() <= kMaxQueued) return;
  hold.unlock();
  settle_all();
}

void settle_read(Matrix &m) { settle(m, false); }
void settle_write(Matrix &m) { settle(m, true); }

void settle_all() {
  if (execution_mode() != WEFT_NONBLOCKING || running) return;
  std::lock_guard<std::mutex> hold(queue_lock);
  std::vector<Pending> ops;
  ops.swap(queue);
  run_taken(ops);
}

int64_t stat(int which) { return counters[which].load(std::memory_order_relaxed); }

void count_fused(int64_t ops, int64_t skipped, int64_t bytes) {
  add(WEFT_STAT_PASSES, 1);
  add(WEFT_STAT_FUSED_GROUPS, 1);
  add(WEFT_STAT_FUSED_OPS, ops);
  add(WEFT_STAT_SKIPPED, skipped);
  add(WEFT_STAT_BYTES_WRITTEN, bytes);
}

}  // namespace weft::lazy
