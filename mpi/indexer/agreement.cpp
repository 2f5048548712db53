#include "agreement.hpp"

#include "../../core/support/error.hpp"
#include "indexer.hpp"
#include "items.hpp"
#include "mpi_calls.hpp"

namespace weft::indexer {

void Agreement::start(MPI_Comm comm, weft_status local, std::string local_msg, std::vector<int64_t> values) {
  local_ = local;
  msg_ = std::move(local_msg);
  in_ = std::move(values);
  in_.insert(in_.begin(), int64_t(local));
  out_.assign(in_.size(), 0);
  mpi_check(MPI_Iallreduce(in_.data(), out_.data(), int(in_.size()), MPI_INT64_T, MPI_MIN, comm, &req_),
            "MPI_Iallreduce");
}

weft_status Agreement::finish() {
  mpi_check(MPI_Wait(&req_, MPI_STATUS_IGNORE), "MPI_Wait");
  weft_status agreed = weft_status(out_.front());
  out_.erase(out_.begin());
  return agreed;
}

void Agreement::raise(weft_status agreed) const {
  if (local_ != WEFT_SUCCESS) fail(agreed, "%s", msg_.c_str());
  fail(agreed, "another rank's call failed (%s); nothing was exchanged", weft_status_name(agreed));
}

Agreement::~Agreement() {
  if (req_ != MPI_REQUEST_NULL) MPI_Wait(&req_, MPI_STATUS_IGNORE);  // only after an exception
}

void agree(MPI_Comm comm, weft_status local, const char *local_msg, std::vector<int64_t> &extra) {
  Agreement a;
  a.start(comm, local, local_msg, extra);
  weft_status agreed = a.finish();
  if (agreed != WEFT_SUCCESS) a.raise(agreed);
  extra = a.values();
}

void agree_exchange_start(Agreement &a, const Indexer &gi, weft_status local, const std::string &msg,
                          const Items &it, int64_t flag) {
  // The fingerprint is below 2^61, so it and its negation fit an int64_t.
  int64_t sig = int64_t(it.signature);
  a.start(gi.comm, local, msg, {it.count, -it.count, it.usize, -it.usize, flag, -flag, sig, -sig});
}

void agree_exchange_finish(Agreement &a, const std::function<void()> &drop, const char *flag_name) {
  weft_status agreed = a.finish();
  const std::vector<int64_t> &v = a.values();
  if (agreed == WEFT_SUCCESS && v[4] == -v[5] && v[0] == -v[1] && v[2] == -v[3] && v[6] == -v[7]) return;
  if (drop) drop();
  if (agreed != WEFT_SUCCESS) a.raise(agreed);
  if (v[4] != -v[5]) fail(WEFT_INVALID_VALUE, "some ranks %s and others do not", flag_name);
  if (v[0] != -v[1])
    fail(WEFT_INVALID_VALUE, "count differs between ranks (%lld..%lld)", (long long)v[0], (long long)-v[1]);
  if (v[2] != -v[3])
    fail(WEFT_DOMAIN_MISMATCH, "the unit type's size differs between ranks (%lld..%lld bytes)", (long long)v[2],
         (long long)-v[3]);
  fail(WEFT_DOMAIN_MISMATCH,
       "the unit types' signatures differ between ranks (same size, other basic types: e.g. int32 and float)");
}

void agree_exchange(const Indexer &gi, weft_status local, const std::string &msg, const Items &it, int64_t flag,
                    const char *flag_name) {
  Agreement a;
  agree_exchange_start(a, gi, local, msg, it, flag);
  agree_exchange_finish(a, nullptr, flag_name);
}

void discard_messages(MPI_Comm comm, const std::vector<int> &peers, int tag) {
  std::vector<char> sink;
  for (int p : peers) {
    MPI_Message m;
    MPI_Status st;
    int n = 0;
    mpi_check(MPI_Mprobe(p, tag, comm, &m, &st), "MPI_Mprobe");
    mpi_check(MPI_Get_count(&st, MPI_BYTE, &n), "MPI_Get_count");
    sink.resize(size_t(n > 0 ? n : 1));
    mpi_check(MPI_Mrecv(sink.data(), n, MPI_BYTE, &m, MPI_STATUS_IGNORE), "MPI_Mrecv");
  }
}

}  // namespace weft::indexer
