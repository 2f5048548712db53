/* MPI-1.1 Example 3.33: an array of structures.
 *   4.1  the entire array (Particletype with relative displacements; also the "safer"
 *        version with an MPI_UB at particle+1)
 *   4.2  only the class-0 particles, preceded by their count (absolute addresses, sent
 *        from MPI_BOTTOM), with one block per particle and with runs of particles
 *   4.3  the first two coordinates of all entries (hvector; and the Onepair
 *        alternative with LB/UB markers)
 * Errata fixed: base is an MPI_Aint; zdisp are int displacements; `.index` -> `.type`;
 * Onepair subtracts the base from all three displacements and is sent from `particle`. */
#include <stddef.h>

#include "mpi_example.h"
#include "partstruct.h"

/* The receive side of 4.2: a count, then the particles one after another. */
struct Zrecv {
  int n;
  struct Partstruct p[NPART];
};

static int check_zero(const struct Partstruct *particle, const struct Zrecv *z) {
  int n = 0, bad = 0;
  for (int i = 0; i < NPART; ++i)
    if (particle[i].type == 0) {
      if (n >= z->n || !partstruct_equal(&z->p[n], &particle[i])) bad = 1;
      ++n;
    }
  return bad || n != z->n;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  static struct Partstruct particle[NPART], recv[NPART];
  static struct Zrecv zr;
  static double pairs[2 * NPART];
  partstruct_fill(particle);
  int bad_copy = 0, bad_mpi = 0;
  int64_t nbytes;

  /* Particletype, relative displacements (the epsilon gives the C struct's size). */
  weft_type type[4] = {WEFT_INT, WEFT_DOUBLE, WEFT_CHAR, WEFT_UB};
  int64_t blocklen[4] = {1, 6, 7, 1};
  weft_aint disp[4], base;
  CHECK(weft_address(particle, &disp[0]));
  CHECK(weft_address(particle[0].d, &disp[1]));
  CHECK(weft_address(particle[0].b, &disp[2]));
  CHECK(weft_address(particle + 1, &disp[3]));
  base = disp[0];
  for (int i = 0; i < 4; ++i) disp[i] -= base;
  weft_type Particletype, Particletype_ub;
  CHECK(weft_type_struct(3, blocklen, disp, type, &Particletype));
  CHECK(weft_type_struct(4, blocklen, disp, type, &Particletype_ub));  /* the "safer" version */
  CHECK(weft_type_commit(Particletype));
  CHECK(weft_type_commit(Particletype_ub));
  weft_aint lb, sizeofentry, ext_ub;
  CHECK(weft_type_extent(Particletype, &lb, &sizeofentry));
  CHECK(weft_type_extent(Particletype_ub, &lb, &ext_ub));
  bad_copy |= sizeofentry != (weft_aint)sizeof(struct Partstruct) || ext_ub != sizeofentry;

  /* 4.1 the entire array, both versions */
  weft_type whole[2] = {Particletype, Particletype_ub};
  for (int v = 0; v < 2; ++v) {
    memset(recv, 0, sizeof recv);
    CHECK(weft_copy(particle, NPART, whole[v], recv, NPART, whole[v], &nbytes));
    for (int i = 0; i < NPART; ++i) bad_copy |= !partstruct_equal(&recv[i], &particle[i]);
    memset(recv, 0, sizeof recv);
    example_sendrecv(particle, NPART, whole[v], recv, NPART, whole[v]);
    for (int i = 0; i < NPART; ++i) bad_mpi |= !partstruct_equal(&recv[i], &particle[i]);
  }

  /* 4.2 class-0 particles with their count, absolute addresses from WEFT_BOTTOM. */
  static int64_t zdisp[NPART], zblock[NPART];
  int runs[2];
  runs[0] = 0;
  for (int i = 0; i < NPART; ++i)  /* one block per particle */
    if (particle[i].type == 0) {
      zdisp[runs[0]] = i;
      zblock[runs[0]] = 1;
      runs[0]++;
    }
  static int64_t rdisp[NPART], rblock[NPART];
  runs[1] = partstruct_zero_runs(particle, rdisp, rblock);  /* "probably more efficient" */
  for (int v = 0; v < 2; ++v) {
    weft_type Zparticles, Ztype, Zrtype;
    CHECK(weft_type_indexed(runs[v], v ? rblock : zblock, v ? rdisp : zdisp, Particletype, &Zparticles));
    int j = 0;
    for (int i = 0; i < runs[v]; ++i) j += (int)(v ? rblock[i] : zblock[i]);
    int64_t zzblock[2] = {1, 1};
    weft_aint zzdisp[2];
    weft_type zztype[2] = {WEFT_INT, Zparticles};
    CHECK(weft_address(&j, &zzdisp[0]));
    CHECK(weft_address(particle, &zzdisp[1]));
    CHECK(weft_type_struct(2, zzblock, zzdisp, zztype, &Ztype));
    CHECK(weft_type_commit(Ztype));
    /* receive: the count, then j particles (relative to &zr) */
    weft_type cont;
    CHECK(weft_type_contiguous(j, Particletype, &cont));
    weft_aint rd[2] = {offsetof(struct Zrecv, n), offsetof(struct Zrecv, p)};
    weft_type rt[2] = {WEFT_INT, cont};
    CHECK(weft_type_struct(2, zzblock, rd, rt, &Zrtype));
    CHECK(weft_type_commit(Zrtype));

    memset(&zr, 0, sizeof zr);
    CHECK(weft_copy(WEFT_BOTTOM, 1, Ztype, &zr, 1, Zrtype, &nbytes));
    bad_copy |= check_zero(particle, &zr);
    memset(&zr, 0, sizeof zr);
    example_sendrecv(MPI_BOTTOM, 1, Ztype, &zr, 1, Zrtype);
    bad_mpi |= check_zero(particle, &zr);
    weft_type_free(&Zparticles);
    weft_type_free(&Ztype);
    weft_type_free(&Zrtype);
    weft_type_free(&cont);
  }

  /* 4.3 the first two coordinates of every entry */
  weft_type Allpairs, Onepair;
  CHECK(weft_type_hvector(NPART, 2, sizeofentry, WEFT_DOUBLE, &Allpairs));
  CHECK(weft_type_commit(Allpairs));
  weft_aint disp2[3];
  weft_type type2[3] = {WEFT_LB, WEFT_DOUBLE, WEFT_UB};
  int64_t blocklen2[3] = {1, 2, 1};
  CHECK(weft_address(particle, &disp2[0]));
  CHECK(weft_address(particle[0].d, &disp2[1]));
  CHECK(weft_address(particle + 1, &disp2[2]));
  base = disp2[0];
  for (int i = 0; i < 3; ++i) disp2[i] -= base;
  CHECK(weft_type_struct(3, blocklen2, disp2, type2, &Onepair));
  CHECK(weft_type_commit(Onepair));
  for (int v = 0; v < 2; ++v) {
    const void *src = v ? (const void *)particle : (const void *)particle[0].d;
    weft_type st = v ? Onepair : Allpairs;
    int count = v ? NPART : 1;
    memset(pairs, 0, sizeof pairs);
    CHECK(weft_copy(src, count, st, pairs, 2 * NPART, WEFT_DOUBLE, &nbytes));
    for (int i = 0; i < NPART; ++i) bad_copy |= pairs[2 * i] != particle[i].d[0] || pairs[2 * i + 1] != particle[i].d[1];
    memset(pairs, 0, sizeof pairs);
    example_sendrecv(src, count, st, pairs, 2 * NPART, WEFT_DOUBLE);
    for (int i = 0; i < NPART; ++i) bad_mpi |= pairs[2 * i] != particle[i].d[0] || pairs[2 * i + 1] != particle[i].d[1];
  }

  int rc = example_report("3.33", "1000 particles whole (2 ways), class-0 with count (2 ways), first two coordinates (2 ways)",
                          bad_copy, bad_mpi);
  weft_type_free(&Particletype);
  weft_type_free(&Particletype_ub);
  weft_type_free(&Allpairs);
  weft_type_free(&Onepair);
  MPI_Finalize();
  return rc;
}
