// numpy_aligned.cpp — NumPy oracle for weft_type_struct_aligned.
//
// Runs numpy_aligned.py (argv: <python> <script>), which prints random field lists
// with the layout NumPy computes for np.dtype(fields, align=True), and checks weft's
// offsets (displs_out), extent (== itemsize), lb (0), true alignment (== dtype.alignment),
// size (data bytes) and flattened typemap against it. Nested aligned structs are built
// with weft from the earlier cases they refer to. Every check is exact.
#include <weft.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

static weft_type by_name(const std::string &n) {
#define ORACLE_NAME_(x) \
  if (n == #x) return WEFT_##x;
  WEFT_PREDEFINED_LIST(ORACLE_NAME_)
#undef ORACLE_NAME_
  return nullptr;
}

struct Case {
  int id = -1;
  std::vector<std::string> kind;  // "B" or "S"
  std::vector<std::string> what;  // basic name or case id
  std::vector<int64_t> blocklens;
  int64_t itemsize = -1, alignment = -1, datasize = -1;
  std::vector<int64_t> offsets;
  std::vector<std::pair<std::string, int64_t>> flat;
};

static int failures = 0, checks = 0;
#define EXPECT_EQ(what, got, exp)                                                         \
  do {                                                                                    \
    ++checks;                                                                             \
    long long g_ = (long long)(got), e_ = (long long)(exp);                               \
    if (g_ != e_) {                                                                       \
      ++failures;                                                                         \
      std::printf("MISMATCH case %d: %s: weft %lld, NumPy %lld\n", c.id, what, g_, e_); \
    }                                                                                     \
  } while (0)

static std::string describe(const Case &c) {
  std::ostringstream o;
  o << "[";
  for (size_t i = 0; i < c.kind.size(); ++i)
    o << (i ? ", " : "") << (c.kind[i] == "S" ? "struct#" : "") << c.what[i] << "x"
      << c.blocklens[i];
  return o.str() + "]";
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <python3> <numpy_aligned.py>\n", argv[0]);
    return 2;
  }
  std::string cmd = std::string(argv[1]) + " " + argv[2];
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) {
    std::perror("popen");
    return 2;
  }
  std::vector<Case> cases;
  {
    std::string text;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, n);
    int rc = pclose(p);
    if (rc != 0) {
      std::fprintf(stderr, "the NumPy script failed (status %d); is python3-numpy installed?\n",
                   rc);
      return 2;
    }
    std::istringstream in(text);
    std::string tag;
    Case cur;
    while (in >> tag) {
      if (tag == "CASE") {
        cur = Case();
        int nf;
        in >> cur.id >> nf;
      } else if (tag == "F") {
        std::string k, w;
        int64_t bl;
        in >> k >> w >> bl;
        cur.kind.push_back(k);
        cur.what.push_back(w);
        cur.blocklens.push_back(bl);
      } else if (tag == "EXPECT") {
        in >> cur.itemsize >> cur.alignment >> cur.datasize;
        for (size_t i = 0; i < cur.kind.size(); ++i) {
          int64_t o;
          in >> o;
          cur.offsets.push_back(o);
        }
      } else if (tag == "FLAT") {
        int64_t nfl;
        in >> nfl;
        for (int64_t i = 0; i < nfl; ++i) {
          std::string w;
          int64_t d;
          in >> w >> d;
          cur.flat.push_back({w, d});
        }
      } else if (tag == "END") {
        cases.push_back(cur);
      } else {
        std::fprintf(stderr, "bad token '%s' from the NumPy script\n", tag.c_str());
        return 2;
      }
    }
  }
  if (cases.size() < 50) {
    std::fprintf(stderr, "only %zu cases from the NumPy script\n", cases.size());
    return 2;
  }

  std::map<int, weft_type> built;
  int nested_fields = 0, array_fields = 0;
  for (const Case &c : cases) {
    size_t nf = c.kind.size();
    std::vector<weft_type> types(nf, nullptr);
    bool ok = true;
    for (size_t i = 0; i < nf; ++i) {
      if (c.kind[i] == "B") {
        types[i] = by_name(c.what[i]);
      } else {
        ++nested_fields;
        auto it = built.find(std::atoi(c.what[i].c_str()));
        if (it != built.end()) types[i] = it->second;
      }
      if (c.blocklens[i] > 1) ++array_fields;
      if (!types[i]) ok = false;
    }
    if (!ok) {
      ++failures;
      std::printf("FAIL case %d: a field type is unknown or its struct failed\n", c.id);
      continue;
    }
    std::vector<weft_aint> displs(nf + 1, -777);
    weft_type t = nullptr;
    weft_status st =
        weft_type_struct_aligned((int64_t)nf, c.blocklens.data(), types.data(), displs.data(), &t);
    ++checks;
    if (st != WEFT_SUCCESS) {
      ++failures;
      std::printf("FAIL case %d %s: weft_type_struct_aligned -> %s (%s)\n", c.id,
                  describe(c).c_str(), weft_status_name(st), weft_last_error());
      continue;
    }
    int before = failures;
    for (size_t i = 0; i < nf; ++i) {
      std::string w = "offset of field " + std::to_string(i);
      EXPECT_EQ(w.c_str(), displs[i], c.offsets[i]);
    }
    EXPECT_EQ("displs_out written past count", displs[nf], -777);
    weft_aint lb = -1, ext = -1;
    EXPECT_EQ("extent status", weft_type_extent(t, &lb, &ext), WEFT_SUCCESS);
    EXPECT_EQ("lb", lb, 0);
    EXPECT_EQ("extent (itemsize)", ext, c.itemsize);
    int64_t ta = -1;
    EXPECT_EQ("alignment status", weft_type_alignment(t, &ta, nullptr), WEFT_SUCCESS);
    EXPECT_EQ("true alignment (dtype.alignment)", ta, c.alignment);
    int64_t size = -1;
    EXPECT_EQ("size status", weft_type_size(t, &size), WEFT_SUCCESS);
    EXPECT_EQ("size (data bytes)", size, c.datasize);
    int64_t n = -1;
    EXPECT_EQ("typemap status", weft_type_typemap(t, 0, nullptr, nullptr, &n), WEFT_SUCCESS);
    EXPECT_EQ("typemap entries", n, (int64_t)c.flat.size());
    if (n == (int64_t)c.flat.size()) {
      std::vector<weft_type> bt((size_t)n);
      std::vector<weft_aint> bd((size_t)n);
      int64_t n2 = -1;
      EXPECT_EQ("typemap status", weft_type_typemap(t, n, bt.data(), bd.data(), &n2),
                WEFT_SUCCESS);
      for (int64_t i = 0; i < n; ++i) {
        std::string w = "typemap displacement " + std::to_string(i);
        EXPECT_EQ(w.c_str(), bd[(size_t)i], c.flat[(size_t)i].second);
        w = "typemap handle " + std::to_string(i) + " is WEFT_" + c.flat[(size_t)i].first;
        EXPECT_EQ(w.c_str(), bt[(size_t)i] == by_name(c.flat[(size_t)i].first), 1);
      }
    }
    // Same layout when displs_out is NULL.
    weft_type t2 = nullptr;
    EXPECT_EQ("struct_aligned with NULL displs_out",
              weft_type_struct_aligned((int64_t)nf, c.blocklens.data(), types.data(), nullptr,
                                       &t2),
              WEFT_SUCCESS);
    if (t2) {
      weft_aint lb2 = -1, ext2 = -1;
      weft_type_extent(t2, &lb2, &ext2);
      EXPECT_EQ("extent with NULL displs_out", ext2, c.itemsize);
      weft_type_free(&t2);
    }
    if (failures != before) std::printf("  case %d fields %s\n", c.id, describe(c).c_str());
    built[c.id] = t;
  }

  // The header's convention for no fields (NumPy itself reports alignment 0 for
  // np.dtype([], align=True), so this one is checked against the header, not NumPy).
  {
    Case c;
    c.id = -1;
    weft_type t = nullptr;
    EXPECT_EQ("empty struct_aligned", weft_type_struct_aligned(0, nullptr, nullptr, nullptr, &t),
              WEFT_SUCCESS);
    if (t) {
      weft_aint lb = -1, ext = -1;
      int64_t ta = -1;
      weft_type_extent(t, &lb, &ext);
      weft_type_alignment(t, &ta, nullptr);
      EXPECT_EQ("empty lb", lb, 0);
      EXPECT_EQ("empty extent", ext, 0);
      EXPECT_EQ("empty true alignment (header: 1)", ta, 1);
      weft_type_free(&t);
    }
  }

  for (auto &kv : built) weft_type_free(&kv.second);
  std::printf("numpy oracle: %zu cases (%d nested-struct fields, %d array fields), %d checks, "
              "%d mismatches\n",
              cases.size(), nested_fields, array_fields, checks, failures);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
