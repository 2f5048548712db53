// weft_type_iov: contiguous pieces in packed order, merging, resumption, count query.
#include "weft_test_util.hpp"

using namespace wt;

namespace {

struct Piece {
  weft_aint off;
  int64_t len;
  bool operator==(const Piece &o) const { return off == o.off && len == o.len; }
};
void PrintTo(const Piece &p, std::ostream *os) { *os << "(" << p.off << "," << p.len << ")"; }
using Pieces = std::vector<Piece>;

int64_t npieces(weft_type t, int64_t count, int64_t first = 0) {
  int64_t n = -1;
  EXPECT_EQ(WEFT_SUCCESS, weft_type_iov(t, count, first, 0, nullptr, nullptr, &n)) << weft_last_error();
  return n;
}

Pieces pieces(weft_type t, int64_t count, int64_t first, int64_t capacity) {
  std::vector<weft_aint> off(static_cast<size_t>(capacity) + 2, -4242);
  std::vector<int64_t> len(static_cast<size_t>(capacity) + 2, -4242);
  int64_t n = -1;
  weft_status s = weft_type_iov(t, count, first, capacity, off.data(), len.data(), &n);
  EXPECT_EQ(WEFT_SUCCESS, s) << weft_last_error();
  if (s != WEFT_SUCCESS || n < 0 || n > capacity) {
    ADD_FAILURE() << "npieces " << n << " capacity " << capacity;
    return {};
  }
  for (size_t k = static_cast<size_t>(n); k < off.size(); ++k) {
    EXPECT_EQ(-4242, off[k]) << "written past npieces at " << k;
    EXPECT_EQ(-4242, len[k]) << "written past npieces at " << k;
  }
  Pieces p;
  for (int64_t k = 0; k < n; ++k) p.push_back({off[k], len[k]});
  return p;
}

Pieces all_pieces(weft_type t, int64_t count) {
  int64_t n = npieces(t, count);
  return pieces(t, count, 0, n);
}

}  // namespace

TEST(Iov, Contiguous) {
  Owned c = committed(contiguous(10, WEFT_INT));
  EXPECT_EQ((Pieces{{0, 40}}), all_pieces(c, 1));
  EXPECT_EQ((Pieces{{0, 120}}), all_pieces(c, 3));
  EXPECT_EQ((Pieces{{0, 40}}), all_pieces(WEFT_INT, 10));
}

TEST(Iov, VectorAndMergingAcrossCopies) {
  Owned v = committed(vector(3, 2, 4, WEFT_INT));  // (0,8),(16,8),(32,8), extent 40
  EXPECT_EQ((Pieces{{0, 8}, {16, 8}, {32, 8}}), all_pieces(v, 1));
  // the first piece of copy 1 starts at 40, where (32,8) ends
  EXPECT_EQ((Pieces{{0, 8}, {16, 8}, {32, 16}, {56, 8}, {72, 8}}), all_pieces(v, 2));
  EXPECT_EQ(5, npieces(v, 2));
}

TEST(Iov, CountQueryFromFirstPiece) {
  Owned v = committed(vector(3, 2, 4, WEFT_INT));
  EXPECT_EQ(5, npieces(v, 2, 0));
  EXPECT_EQ(3, npieces(v, 2, 2));
  EXPECT_EQ(1, npieces(v, 2, 4));
  EXPECT_EQ(0, npieces(v, 2, 5));
  // past the end: nothing from there on, nothing written
  EXPECT_EQ(0, npieces(v, 2, 9));
  EXPECT_TRUE(pieces(v, 2, 9, 3).empty());
}

TEST(Iov, Resumption) {
  Owned v = committed(vector(3, 2, 4, WEFT_INT));
  EXPECT_EQ((Pieces{{16, 8}, {32, 16}}), pieces(v, 2, 1, 2));
  EXPECT_EQ((Pieces{{72, 8}}), pieces(v, 2, 4, 10));
  EXPECT_EQ((Pieces{{0, 8}}), pieces(v, 2, 0, 1));
  // walk with capacity 2 and compare with the whole list
  Pieces whole = all_pieces(v, 7);
  Pieces walked;
  for (int64_t first = 0;; first += 2) {
    Pieces p = pieces(v, 7, first, 2);
    walked.insert(walked.end(), p.begin(), p.end());
    if (p.size() < 2) break;
  }
  EXPECT_EQ(whole, walked);
}

TEST(Iov, TypemapOrderIsKept) {
  Owned rev = committed(indexed({1, 1}, {1, 0}, WEFT_INT));
  EXPECT_EQ((Pieces{{4, 4}, {0, 4}}), all_pieces(rev, 1));
  Owned fwd = committed(indexed({1, 1}, {0, 1}, WEFT_INT));
  EXPECT_EQ((Pieces{{0, 8}}), all_pieces(fwd, 1));
  Owned neg = committed(vector(3, 1, -2, WEFT_DOUBLE));
  EXPECT_EQ((Pieces{{0, 8}, {-16, 8}, {-32, 8}}), all_pieces(neg, 1));
}

TEST(Iov, SeedExample3_23) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  Owned t = committed(structure({2, 1, 3}, {0, 16, 26}, {WEFT_FLOAT, dc, WEFT_CHAR}));
  EXPECT_EQ((Pieces{{0, 8}, {16, 9}, {26, 3}}), all_pieces(t, 1));
  EXPECT_EQ((Pieces{{0, 8}, {16, 9}, {26, 3}, {32, 8}, {48, 9}, {58, 3}}), all_pieces(t, 2));
}

TEST(Iov, OverlappingPiecesAreNotMerged) {
  Owned ov = committed(hvector(2, 1, 0, WEFT_INT));
  EXPECT_EQ((Pieces{{0, 4}, {0, 4}}), all_pieces(ov, 1));
}

TEST(Iov, MarkersAndResized) {
  Owned t1 = committed(structure({1, 1, 1}, {-3, 0, 6}, {WEFT_LB, WEFT_INT, WEFT_UB}));
  EXPECT_EQ((Pieces{{0, 4}, {9, 4}, {18, 4}}), all_pieces(t1, 3));
  Owned r = committed(resized(WEFT_INT, -4, 4));
  EXPECT_EQ((Pieces{{0, 20}}), all_pieces(r, 5));
  Owned g = committed(resized(WEFT_INT, 0, 8));
  EXPECT_EQ((Pieces{{0, 4}, {8, 4}}), all_pieces(g, 2));
  Owned n = committed(resized(WEFT_INT, 0, -4));
  EXPECT_EQ((Pieces{{0, 4}, {-4, 4}, {-8, 4}}), all_pieces(n, 3));
}

TEST(Iov, EmptyTypesAndZeroCount) {
  Owned e = committed(contiguous(0, WEFT_INT));
  EXPECT_EQ(0, npieces(e, 3));
  EXPECT_TRUE(pieces(e, 3, 0, 4).empty());
  Owned v = committed(vector(3, 2, 4, WEFT_INT));
  EXPECT_EQ(0, npieces(v, 0));
}

TEST(Iov, PiecesGatherEqualsPack) {
  Owned dc = structure({1, 1}, {0, 8}, {WEFT_DOUBLE, WEFT_CHAR});
  std::vector<Owned> ts;
  ts.push_back(committed(vector(2, 3, 4, dc)));
  ts.push_back(committed(vector(3, 1, -2, dc)));
  ts.push_back(committed(indexed({3, 1}, {4, 0}, dc)));
  ts.push_back(committed(subarray({4, 5, 3}, {2, 3, 2}, {1, 1, 0}, WEFT_ORDER_FORTRAN, WEFT_SHORT)));
  ts.push_back(committed(hindexed({2, 1, 3}, {40, 3, -20}, WEFT_SHORT)));
  for (size_t i = 0; i < ts.size(); ++i) {
    SCOPED_TRACE(i);
    Arena a(2048, 4096);
    a.pattern(static_cast<unsigned>(i));
    Bytes packed = weft_pack_all(a.origin(), 3, ts[i]);
    Bytes gathered;
    int64_t total = 0;
    for (const Piece &p : all_pieces(ts[i], 3)) {
      EXPECT_GT(p.len, 0);
      gathered.insert(gathered.end(), a.at(p.off), a.at(p.off) + p.len);
      total += p.len;
    }
    EXPECT_EQ(3 * size_of(ts[i]), total);
    EXPECT_EQ(packed, gathered);
  }
}

TEST(Iov, PiecesAreMaximal) {
  // consecutive pieces never touch (else they would have been merged)
  Owned v = committed(vector(4, 3, 3, WEFT_INT));  // contiguous: one piece
  EXPECT_EQ((Pieces{{0, 48}}), all_pieces(v, 1));
  EXPECT_EQ((Pieces{{0, 96}}), all_pieces(v, 2));
  Owned s = committed(structure({1, 1, 1}, {0, 4, 8}, {WEFT_INT, WEFT_FLOAT, WEFT_DOUBLE}));
  EXPECT_EQ((Pieces{{0, 16}}), all_pieces(s, 1));
  EXPECT_EQ((Pieces{{0, 64}}), all_pieces(s, 4));
}
