//! Seed 001 (Maia's GlobalIndexer), the worked example for 3 ranks with weft's global
//! indexer: Take (count 2), Put (write priority), Put with MAX, Take_v, Put_v and Put_v
//! with extend. Every rank checks its results against the documented ones and prints
//! them; the documentation's typo (T10) is fixed: P1 gets 13.1 after Put_v extend, not
//! 30.1.
//!
//!   distri = [0, 2, 4, 5]            # global size 5
//!   idx: P0 [4, 0], P1 [1, 3], P2 [0]
//!
//! Run with exactly 3 ranks: `mpirun --oversubscribe -np 3 global_indexer`.
use std::fmt::Debug;

use weft::mpi::{comm_world_f, Indexer, PutVNew};
use weft::{Datatype, Monoid, MonoidOp};
use weft_examples::{Mpi, OrAbort};

/// Appends "P<rank> <what> <got>" to `out`, and the documented value on a mismatch;
/// returns 1 on a mismatch.
fn check<T: PartialEq + Debug + ?Sized>(out: &mut String, rank: i32, what: &str, got: &T, want: &T) -> i32 {
    let ok = got == want;
    out.push_str(&format!("P{rank} {what:<15} {got:?}"));
    if ok {
        out.push('\n');
    } else {
        out.push_str(&format!("   MISMATCH, documented: {want:?}\n"));
    }
    i32::from(!ok)
}

fn main() {
    let mpi = Mpi::init_exactly(3);
    let r = mpi.rank as usize;
    let mut bad = 0;

    // GI = GlobalIndexer(distri, idx, comm)
    let distri = [0i64, 2, 4, 5];
    let idx: [&[i64]; 3] = [&[4, 0], &[1, 3], &[0]];
    let gi = Indexer::new(&distri, idx[r], comm_world_f()).or_abort("Indexer::new");
    let dn = gi.dist_size();
    let int = Datatype::int64(); // dtype=int

    // Every step: each rank checks its own result; rank 0 prints all of them in order.
    let step = |title: &str, lines: String| {
        if r == 0 {
            println!("-- {title}");
        }
        mpi.print_in_rank_order(&lines);
    };
    let rank = mpi.rank;

    // ---- Take: 2 values per requested index ------------------------------------------
    let dist: [&[i64]; 3] = [&[3, 5, 5, 7], &[11, 13, 17, 19], &[29, 31]];
    let mut extr = vec![0i64; 2 * idx[r].len()];
    gi.take(dist[r], 2, &int, &mut extr).or_abort("Indexer::take");
    let want: [&[i64]; 3] = [&[29, 31, 3, 5], &[5, 7, 17, 19], &[3, 5]];
    let mut out = String::new();
    bad += check(&mut out, rank, "extr", extr.as_slice(), want[r]);
    step("extr = GI.Take(dist_data, None, count=2)", out);

    // ---- Put: P2 negates its values; the last writer (increasing rank) wins -----------
    if r == 2 {
        for v in extr.iter_mut() {
            *v = -*v;
        }
    }
    let mut dist_data_new = vec![0i64; 2 * dn];
    gi.put(&extr, 2, &int, None, &mut dist_data_new)
        .or_abort("Indexer::put");
    let want: [&[i64]; 3] = [&[-3, -5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    let mut out = String::new();
    bad += check(&mut out, rank, "dist_data_new", dist_data_new.as_slice(), want[r]);
    step(
        "GI.Put(extr, dist_data_new, count=2)   (P2 first negates its extr)",
        out,
    );

    // ---- Put with MAX: the reduction includes dist_data_new's contents -----------------
    let max = Monoid::of::<i64>(MonoidOp::Max).expect("WEFT_MAX_MONOID_INT64");
    gi.put(&extr, 2, &int, Some(&max), &mut dist_data_new)
        .or_abort("Indexer::put MAX");
    let want: [&[i64]; 3] = [&[3, 5, 5, 7], &[0, 0, 17, 19], &[29, 31]];
    let mut out = String::new();
    bad += check(&mut out, rank, "dist_data_new", dist_data_new.as_slice(), want[r]);
    step("GI.Put(extr, dist_data_new, count=2, reduce=ReduceOp.MAX)", out);

    // ---- Take_v: variable number of values per item ------------------------------------
    let counts: [&[i64]; 3] = [&[1, 1], &[1, 2], &[3]];
    let dist_data: [&[i64]; 3] = [&[1, 11], &[21, 12, 11], &[11, 12, 21]];
    let (counts_o, extr_v) = gi.take_v(counts[r], dist_data[r], &int).or_abort("Indexer::take_v");
    let want_c: [&[i64]; 3] = [&[3, 1], &[1, 2], &[1]];
    let want_v: [&[i64]; 3] = [&[11, 12, 21, 1], &[11, 12, 11], &[1]];
    let mut out = String::new();
    bad += check(&mut out, rank, "counts_o", counts_o.as_slice(), want_c[r]);
    bad += check(&mut out, rank, "extr", extr_v.as_slice(), want_v[r]);
    step("counts_o, extr = GI.Take_v((counts, dist_data))", out);

    // ---- Put_v (float32): the last writer's block wins, an explicit 0 empties ----------
    let float = Datatype::float(); // dtype='f'
    let pcounts: [&[i64]; 3] = [&[1, 3], &[0, 1], &[2]];
    let values: [&[f32]; 3] = [&[4.1, 0.1, 0.2, 0.3], &[13.1], &[20.1, 20.2]];
    let (counts_new, data_new) = gi
        .put_v(pcounts[r], values[r], &float, false, PutVNew { init: None })
        .or_abort("Indexer::put_v");
    let want_c: [&[i64]; 3] = [&[2, 0], &[0, 1], &[1]];
    let want_v: [&[f32]; 3] = [&[20.1, 20.2], &[13.1], &[4.1]];
    let mut out = String::new();
    bad += check(&mut out, rank, "counts_new", counts_new.as_slice(), want_c[r]);
    bad += check(&mut out, rank, "dist_data_new", data_new.as_slice(), want_v[r]);
    step("counts_new, dist_data_new = GI.Put_v((counts, values))", out);

    // ---- Put_v with extend: blocks concatenated in increasing rank order ---------------
    let (counts_new, data_new) = gi
        .put_v(pcounts[r], values[r], &float, true, PutVNew { init: None })
        .or_abort("Indexer::put_v extend");
    let want_c: [&[i64]; 3] = [&[5, 0], &[0, 1], &[1]];
    let want_v: [&[f32]; 3] = [&[0.1, 0.2, 0.3, 20.1, 20.2], &[13.1], &[4.1]]; // 13.1 (the doc says 30.1)
    let mut out = String::new();
    bad += check(&mut out, rank, "counts_new", counts_new.as_slice(), want_c[r]);
    bad += check(&mut out, rank, "dist_data_new", data_new.as_slice(), want_v[r]);
    step(
        "counts_new, dist_data_new = GI.Put_v((counts, values), extend=True)",
        out,
    );

    let any = mpi.max_over_ranks(bad);
    if r == 0 {
        println!(
            "global indexer [rust] (3 ranks, seed 001 worked example): {}",
            if any == 0 { "matches" } else { "MISMATCH" }
        );
    }
    drop(gi);
    drop(mpi); // MPI_Finalize
    std::process::exit(any.min(1));
}
