/* A maximal independent set by Luby's randomized algorithm with the semiring engine,
 * after the GraphBLAS specification's appendix. Every round, among the remaining
 * candidates:
 *   prob<cand, struct, replace> = r ./ (1 + degree)    random weights, r in (0, 1]
 *   nmax<cand, struct, replace> = A MAX.SECOND prob    heaviest candidate neighbour
 *   win<cand, struct, replace>  = prob GT nmax         (eWiseAdd: a candidate without
 *                                                       candidate neighbours keeps its
 *                                                       weight, > 0, so it wins)
 *   win = select(win == true)                          drop the losers' false entries
 *   iset<win, struct> = true
 *   cand<!win, struct, replace> = cand                 winners leave the candidates
 *   nbrs<cand, struct, replace> = A LOR.LAND win       and so do their neighbours
 *   cand<!nbrs, struct, replace> = cand
 * until no candidate is left. Two winners are never adjacent (each is heavier than the
 * other); a tie lets neither win, and the next round draws new weights. Dividing by the
 * degree (the appendix divides by 1 + 2 degree) lets low-degree vertices win more often,
 * giving larger sets. The weights come from a fixed 32-bit LCG so the run repeats exactly.
 * The program checks, with plain loops, that the set is independent and maximal. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "example_graph.h"
#include "weft.h"

/* A weight in (0, 1] (never 0: see win above) from the LCG x = 1664525 x + 1013904223
 * mod 2^32, its top 24 bits. */
static double next_weight(uint32_t *x) {
  *x = 1664525u * *x + 1013904223u;
  return (double)((*x >> 8) + 1) / 16777216.0;
}

int main(void) {
  enum { n = EXAMPLE_N, max_rounds = 100 };
  bool adj[n][n];
  weft_matrix A;
  CHECK(example_graph(adj, &A));

  weft_scalar one, yes;
  CHECK(weft_scalar_new(WEFT_FP64, &one));
  CHECK(weft_scalar_new(WEFT_BOOL, &yes));
  const double d1 = 1.0;
  const bool t = true;
  CHECK(weft_scalar_set_element(one, &d1, WEFT_FP64));
  CHECK(weft_scalar_set_element(yes, &t, WEFT_BOOL));

  /* spread = 1 + degree: 1 everywhere, plus each row's sum (an isolated vertex keeps 1) */
  weft_vector spread;
  CHECK(weft_vector_new(WEFT_FP64, n, &spread));
  CHECK(weft_vector_assign_scalar(spread, NULL, NULL, one, WEFT_ALL, n, NULL));
  CHECK(weft_matrix_reduce(spread, NULL, WEFT_PLUS_FP64, WEFT_PLUS_MONOID_FP64, A, NULL));

  weft_vector cand, iset, r, prob, nmax, win, nbrs;
  CHECK(weft_vector_new(WEFT_BOOL, n, &cand));
  CHECK(weft_vector_new(WEFT_BOOL, n, &iset));
  CHECK(weft_vector_new(WEFT_FP64, n, &r));
  CHECK(weft_vector_new(WEFT_FP64, n, &prob));
  CHECK(weft_vector_new(WEFT_FP64, n, &nmax));
  CHECK(weft_vector_new(WEFT_BOOL, n, &win));
  CHECK(weft_vector_new(WEFT_BOOL, n, &nbrs));
  CHECK(weft_vector_assign_scalar(cand, NULL, NULL, yes, WEFT_ALL, n, NULL)); /* all vertices */

  int64_t all[n];
  for (int i = 0; i < n; ++i) all[i] = i;
  uint32_t seed = 20240601u;
  int64_t ncand = n;
  int rounds = 0;
  while (ncand > 0 && rounds < max_rounds) {
    ++rounds;
    /* r = fresh random numbers, one per vertex (drawn in vertex order, used at candidates) */
    double draw[n];
    for (int i = 0; i < n; ++i) draw[i] = next_weight(&seed);
    CHECK(weft_vector_clear(r));
    CHECK(weft_vector_build(r, all, draw, WEFT_FP64, n, NULL));
    /* prob<cand, struct, replace> = r ./ spread */
    CHECK(weft_vector_ewise_mult(prob, cand, NULL, WEFT_DIV_FP64, r, spread, WEFT_DESC_RS));
    /* nmax<cand, struct, replace> = A MAX.SECOND prob: the heaviest candidate neighbour */
    CHECK(weft_mxv(nmax, cand, NULL, WEFT_MAX_SECOND_SEMIRING_FP64, A, prob, WEFT_DESC_RS));
    /* win<cand, struct, replace> = prob GT nmax, then only the true entries */
    CHECK(weft_vector_ewise_add(win, cand, NULL, WEFT_GT_FP64, prob, nmax, WEFT_DESC_RS));
    CHECK(weft_vector_select(win, NULL, NULL, WEFT_VALUEEQ_BOOL, win, yes, NULL));
    /* iset<win, struct> = true */
    CHECK(weft_vector_assign_scalar(iset, win, NULL, yes, WEFT_ALL, n, WEFT_DESC_S));
    /* cand<!win, struct, replace> = cand: the winners are decided */
    CHECK(weft_vector_apply(cand, win, NULL, WEFT_IDENTITY_BOOL, cand, WEFT_DESC_RSC));
    /* nbrs<cand, struct, replace> = A LOR.LAND win: candidates next to a winner ... */
    CHECK(weft_mxv(nbrs, cand, NULL, WEFT_LOR_LAND_SEMIRING_BOOL, A, win, WEFT_DESC_RS));
    /* cand<!nbrs, struct, replace> = cand: ... can never join */
    CHECK(weft_vector_apply(cand, nbrs, NULL, WEFT_IDENTITY_BOOL, cand, WEFT_DESC_RSC));
    CHECK(weft_vector_nvals(cand, &ncand));
  }

  /* Back to a plain array, then the two properties with plain loops. */
  int64_t idx[n], size = 0;
  CHECK(weft_vector_extract_tuples(iset, n, idx, NULL, WEFT_BOOL, &size));
  bool in[n] = {false};
  for (int64_t k = 0; k < size; ++k) in[idx[k]] = true;
  int failures = ncand == 0 ? 0 : 1; /* it stopped at max_rounds */
  for (int i = 0; i < n; ++i) {
    bool covered = in[i]; /* in the set, or next to a member */
    for (int j = 0; j < n; ++j) {
      if (adj[i][j] && in[i] && in[j] && i < j) {
        fprintf(stderr, "mis: members %d and %d are adjacent\n", i, j);
        ++failures;
      }
      if (adj[i][j] && in[j]) covered = true;
    }
    if (!covered) {
      fprintf(stderr, "mis: vertex %d could still join: not maximal\n", i);
      ++failures;
    }
  }
  printf("mis: %lld of %d vertices in %d rounds:", (long long)size, n, rounds);
  for (int64_t k = 0; k < size; ++k) printf(" %lld", (long long)idx[k]);
  printf("\n");

  CHECK(weft_vector_free(&nbrs));
  CHECK(weft_vector_free(&win));
  CHECK(weft_vector_free(&nmax));
  CHECK(weft_vector_free(&prob));
  CHECK(weft_vector_free(&r));
  CHECK(weft_vector_free(&iset));
  CHECK(weft_vector_free(&cand));
  CHECK(weft_vector_free(&spread));
  CHECK(weft_scalar_free(&yes));
  CHECK(weft_scalar_free(&one));
  CHECK(weft_matrix_free(&A));
  if (failures) {
    fprintf(stderr, "mis: %d failures\n", failures);
    return 1;
  }
  printf("mis: independent and maximal, as plain loops confirm\n");
  return 0;
}
